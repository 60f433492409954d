import type { HttpApp } from './create-app';
import { startHttpServer } from './server';

/** A service wired without a socket: its app, plus the background work (consumers, relays) it runs. */
export interface ComposedService extends HttpApp {
  startBackground(): Promise<void>;
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
 * the error is rethrown. `stop` drains HTTP, then the background work, then the adapters.
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
