import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals, startMetricsServer } from '@kadr/http-kit';
import { commerceConfigSchema } from './config';
import { startCommerce } from './service';

// Tracing (above) must start before express, kafkajs and mongoose load.
async function main(): Promise<void> {
  const config = loadConfig('commerce', commerceConfigSchema);
  const commerce = await startCommerce(config);
  // Prometheus scrapes METRICS_PORT (9464); the public PORT has no /metrics.
  const metrics = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.HOST,
    registries: [commerce.metrics.registry],
  });
  commerce.logger.info(
    { url: commerce.url, metricsUrl: metrics.url, provider: config.PAYMENT_PROVIDER },
    'commerce listening',
  );
  // One step: HTTP first (in-flight requests finish), then the consumer, the relay and the stores.
  handleShutdownSignals(commerce.logger, [
    { name: 'commerce', run: () => commerce.stop() },
    { name: 'metrics', run: () => metrics.close(0) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`commerce failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
