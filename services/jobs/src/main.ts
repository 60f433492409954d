// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { jobsConfigSchema } from './config';
import { startJobs } from './service';

async function main(): Promise<void> {
  const config = loadConfig('jobs', jobsConfigSchema);
  const api = await startJobs(config);
  api.logger.info({ url: api.url }, 'jobs listening');
  handleShutdownSignals(api.logger, [{ name: 'jobs', run: () => api.stop() }]);
}

main().catch((error: unknown) => {
  process.stderr.write(`jobs failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
