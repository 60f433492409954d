// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals, startMetricsServer } from '@kadr/http-kit';
import { jobsConfigSchema } from './config';
import { startJobs } from './service';

async function main(): Promise<void> {
  const config = loadConfig('jobs', jobsConfigSchema);
  const api = await startJobs(config);
  // Prometheus scrapes METRICS_PORT (9464); the public PORT has no /metrics.
  const metrics = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.HOST,
    registries: [api.metrics.registry],
  });
  api.logger.info({ url: api.url, metricsUrl: metrics.url }, 'jobs listening');
  handleShutdownSignals(api.logger, [
    { name: 'jobs', run: () => api.stop() },
    { name: 'metrics', run: () => metrics.close(0) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`jobs failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
