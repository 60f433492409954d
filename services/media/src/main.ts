// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals, startMetricsServer } from '@kadr/http-kit';
import { mediaConfigSchema } from './config';
import { startMedia } from './service';

async function main(): Promise<void> {
  const config = loadConfig('media', mediaConfigSchema);
  const service = await startMedia(config);
  // Prometheus scrapes METRICS_PORT (9464); the public PORT has no /metrics.
  const metrics = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.HOST,
    registries: [service.metrics.registry],
  });
  service.logger.info({ url: service.url, metricsUrl: metrics.url }, 'media listening');
  // The HTTP server first (in-flight requests finish), then the consumer, the bus and the stores.
  handleShutdownSignals(service.logger, [
    { name: 'media', run: () => service.stop() },
    { name: 'metrics', run: () => metrics.close(0) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`media failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
