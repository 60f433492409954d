import { createLogger, createMetrics, runAsService, type Logger, type ServiceMetrics } from '@kadr/telemetry';
import type { HttpApp } from './create-app';
import type { ReadinessCheck } from './health.routes';
import { startHttpServer } from './server';

/** A service wired without a socket: its app, plus the background work (consumers, relays) it runs. */
export interface ComposedService extends HttpApp {
  startBackground(): Promise<void>;
  /**
   * Ends long-lived responses (live streams) when a stop begins, before the HTTP server closes:
   * closing waits for open responses.
   */
  drain?(): void;
  stop(): Promise<void>;
}

export interface ServeComposedOptions {
  compose: () => ComposedService;
  /** Closes the adapters the service opened (stores, bus), after everything else. */
  closeAdapters: () => Promise<void>;
  port: number;
  host: string;
}

/**
 * Starts a composed service the same way in every service: background work first, then the
 * HTTP server. If any step fails, what already started is stopped and the adapters closed before
 * the error is rethrown. `stop` drains HTTP (`drain` first), then the background work, then the adapters.
 */
export async function serveComposed({
  compose,
  closeAdapters,
  port,
  host,
}: ServeComposedOptions): Promise<{ url: string; stop(): Promise<void> }> {
  let composed: ComposedService | undefined;
  try {
    composed = compose();
    await composed.startBackground();
    const server = await startHttpServer(composed.app, { port, host, health: composed.health });
    const service = composed;
    return {
      url: server.url,
      async stop() {
        service.drain?.();
        await server.close();
        await service.stop();
        await closeAdapters();
      },
    };
  } catch (error) {
    await composed?.stop().catch(() => undefined);
    await closeAdapters().catch(() => undefined);
    throw error;
  }
}

/** A started service: what main.ts and the embedded launcher need of it. */
export interface RunningService {
  url: string;
  logger: Logger;
  /** Its metrics registry, for the `/metrics` listener on METRICS_PORT (main.ts, or the embedded launcher's one). */
  metrics: ServiceMetrics;
  stop(): Promise<void>;
}

/** What a service's compose function is built from (`serveService` passes the opened adapters' checks). */
export interface ServiceParts<A> {
  adapters: A;
  logger: Logger;
  metrics: ServiceMetrics;
  /** `/health/ready` checks of the adapters (e.g. MongoDB). */
  readinessChecks?: ReadinessCheck[];
}

export interface ServeServiceOptions<A extends OpenedAdapters> {
  /** The kebab-case name its logs and metrics carry. */
  service: string;
  config: { LOG_LEVEL?: string; PORT: number; HOST: string };
  /** Instead of a new logger of `service` at LOG_LEVEL. */
  logger?: Logger;
  /** Collect the process's default metrics (default true; off when several services share a process). */
  defaultMetrics?: boolean;
  /** Opens the adapters (closed last on stop, or when a later step fails). */
  open(logger: Logger): Promise<A>;
  compose(parts: ServiceParts<A>): ComposedService;
}

/** What a service's adapter opener returns. */
export interface OpenedAdapters {
  readinessChecks: ReadinessCheck[];
  close(): Promise<void>;
}

/**
 * The start-up every composed service shares: its logger and metrics, its adapters, then
 * `serveComposed` — all as `service` (`runAsService`), so the spans of everything it starts say
 * they are that service's, also when services share a process. `stop` drains HTTP, then the
 * background work, then the adapters.
 */
export function serveService<A extends OpenedAdapters>(
  options: ServeServiceOptions<A>,
): Promise<RunningService & { adapters: A }> {
  const { service, config } = options;
  return runAsService(service, async () => {
    const logger = options.logger ?? createLogger({ service, level: config.LOG_LEVEL });
    const metrics = createMetrics({ service, defaultMetrics: options.defaultMetrics ?? true });
    const adapters = await options.open(logger);
    const running = await serveComposed({
      compose: () => options.compose({ adapters, logger, metrics, readinessChecks: adapters.readinessChecks }),
      closeAdapters: () => adapters.close(),
      port: config.PORT,
      host: config.HOST,
    });
    return { url: running.url, logger, metrics, adapters, stop: () => running.stop() };
  });
}
