import { startHttpServer, type RunningServer } from '@kadr/http-kit';
import { createLogger, createMetrics, type Logger } from '@kadr/telemetry';
import type { GatewayConfig } from './config';
import { createGatewayApp } from './entry-points/http/app';

export interface RunningGateway {
  url: string;
  logger: Logger;
  stop(): Promise<void>;
}

/** Wires the gateway from its config and adapters; used by main.ts and by the embedded launcher. */
export async function startAuthGateway(
  config: GatewayConfig,
  options: { defaultMetrics?: boolean } = {},
): Promise<RunningGateway> {
  const logger = createLogger({ service: 'auth-gateway', level: config.LOG_LEVEL });
  const metrics = createMetrics({ service: 'auth-gateway', defaultMetrics: options.defaultMetrics ?? true });
  const { app, health } = createGatewayApp({ logger, metrics });
  const server: RunningServer = await startHttpServer(app, { port: config.PORT, host: config.HOST, health });
  return {
    url: server.url,
    logger,
    stop: () => server.close(),
  };
}
