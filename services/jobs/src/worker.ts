// Tracing must start before the instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals, startMetricsServer } from '@kadr/http-kit';
import { jobsConfigSchema } from './config';
import { startJobsWorker } from './worker-service';

/** The worker entry point: `job.created` consumer (group jobs-worker); scale by running more of these. */
async function main(): Promise<void> {
  const config = loadConfig('jobs', jobsConfigSchema);
  const worker = await startJobsWorker(config);
  // The worker serves no HTTP, but Prometheus still scrapes its process metrics on METRICS_PORT.
  const metrics = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.HOST,
    registries: [worker.metrics.registry],
    service: 'jobs-worker',
  });
  worker.logger.info({ metricsUrl: metrics.url }, 'jobs worker running');
  // A stopped worker abandons its render: the lease runs out and another worker picks the job up.
  handleShutdownSignals(worker.logger, [
    { name: 'jobs-worker', run: () => worker.stop() },
    { name: 'metrics', run: () => metrics.close(0) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`jobs worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
