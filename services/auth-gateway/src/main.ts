// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { ConfigError, loadConfig } from '@kadr/config';
import { handleShutdownSignals, startMetricsServer } from '@kadr/http-kit';
import { gatewayConfigSchema } from './config';
import { startAuthGateway } from './service';

async function main(): Promise<void> {
  const config = loadConfig('auth-gateway', gatewayConfigSchema);
  const gateway = await startAuthGateway(config);
  // Prometheus scrapes METRICS_PORT (9464); the public PORT has no /metrics.
  const metrics = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.HOST,
    registries: [gateway.metrics.registry],
  });
  gateway.logger.info({ url: gateway.url, metricsUrl: metrics.url }, 'auth-gateway listening');
  // One step: the HTTP server first (in-flight requests finish), then the consumer, the relay and the stores.
  handleShutdownSignals(gateway.logger, [
    { name: 'auth-gateway', run: () => gateway.stop() },
    { name: 'metrics', run: () => metrics.close(0) },
  ]);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    // A setting only checked while wiring (e.g. FEATURE_FLAGS): same exit code as any invalid configuration.
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`auth-gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
