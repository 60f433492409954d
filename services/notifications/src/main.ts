// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals, startMetricsServer } from '@kadr/http-kit';
import { notificationsConfigSchema } from './config';
import { startNotifications } from './service';

async function main(): Promise<void> {
  const config = loadConfig('notifications', notificationsConfigSchema);
  const service = await startNotifications(config);
  // Prometheus scrapes METRICS_PORT (9464); the public PORT has no /metrics.
  const metrics = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.HOST,
    registries: [service.metrics.registry],
  });
  service.logger.info({ url: service.url, metricsUrl: metrics.url }, 'notifications listening');
  // The HTTP server first (in-flight requests finish), then the consumer, the bus and the store.
  handleShutdownSignals(service.logger, [
    { name: 'notifications', run: () => service.stop() },
    { name: 'metrics', run: () => metrics.close(0) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`notifications failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
