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

export interface ServeComposedOptions<S extends ComposedService = ComposedService> {
  compose: () => S;
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
export async function serveComposed<S extends ComposedService>({
  compose,
  closeAdapters,
  port,
  host,
}: ServeComposedOptions<S>): Promise<{ url: string; composed: S; stop(): Promise<void> }> {
  let composed: S | undefined;
  try {
    composed = compose();
    await composed.startBackground();
    const server = await startHttpServer(composed.app, { port, host, health: composed.health });
    const service = composed;
    return {
      url: server.url,
      composed: service,
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

/** The config every served service has: where it listens and how much it logs. */
export interface ServedConfig {
  LOG_LEVEL?: string;
  PORT: number;
  HOST: string;
}

/** What a service's compose function is built from (`serveService` passes the opened adapters' checks). */
export interface ServiceParts<A, C = unknown> {
  config: C;
  adapters: A;
  logger: Logger;
  metrics: ServiceMetrics;
  /** `/health/ready` checks of the adapters (e.g. MongoDB). */
  readinessChecks?: ReadinessCheck[];
}

/** What a service's adapters are opened with: its logger, and its metrics registry for theirs. */
export interface AdapterContext {
  logger: Logger;
  metrics: ServiceMetrics;
}

/** What main.ts, the embedded launcher and tests may pass a service's start function. */
export interface StartOptions<A> {
  /**
   * Adapters to use instead of opening them from the config, left open on stop: the embedded
   * launcher shares one bus and one blob store between services.
   */
  adapters?: Partial<A>;
  /** Instead of a new logger of the service at LOG_LEVEL. */
  logger?: Logger;
  /** Collect the process's default metrics (default true; off when several services share a process). */
  defaultMetrics?: boolean;
}

export interface ServeServiceOptions<A extends object, C extends ServedConfig, S extends ComposedService> {
  /** The kebab-case name its logs and metrics carry. */
  service: string;
  config: C;
  options?: NoInfer<StartOptions<A>>;
  /**
   * Opens the adapters the config names, using those `provided` as they are (closed last on stop,
   * or when a later step fails).
   */
  open: (config: C, context: AdapterContext, provided: Partial<A>) => Promise<A & OpenedAdapters>;
  compose: (parts: ServiceParts<NoInfer<A>, C>) => S;
}

/** A served service: its opened adapters and what its compose function built (for tests and the launcher). */
export type ServedService<A, S> = RunningService & { adapters: A & OpenedAdapters; composed: S };

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
export function serveService<A extends object, C extends ServedConfig, S extends ComposedService>({
  service,
  config,
  options = {},
  open,
  compose,
}: ServeServiceOptions<A, C, S>): Promise<ServedService<A, S>> {
  return runAsService(service, async () => {
    const logger = options.logger ?? createLogger({ service, level: config.LOG_LEVEL });
    const metrics = createMetrics({ service, defaultMetrics: options.defaultMetrics ?? true });
    const adapters = await open(config, { logger, metrics }, options.adapters ?? {});
    const running = await serveComposed({
      compose: () => compose({ config, adapters, logger, metrics, readinessChecks: adapters.readinessChecks }),
      closeAdapters: () => adapters.close(),
      port: config.PORT,
      host: config.HOST,
    });
    return { url: running.url, logger, metrics, adapters, composed: running.composed, stop: () => running.stop() };
  });
}
