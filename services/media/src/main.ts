// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { mediaConfigSchema } from './config';
import { startMedia } from './service';

async function main(): Promise<void> {
  const config = loadConfig('media', mediaConfigSchema);
  const service = await startMedia(config);
  service.logger.info({ url: service.url }, 'media listening');
  // The HTTP server first (in-flight requests finish), then the consumer, the bus and the stores.
  handleShutdownSignals(service.logger, [{ name: 'media', run: () => service.stop() }]);
}

main().catch((error: unknown) => {
  process.stderr.write(`media failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
