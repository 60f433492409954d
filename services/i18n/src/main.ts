// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { i18nConfigSchema } from './config';
import { startI18n } from './service';

async function main(): Promise<void> {
  const config = loadConfig('i18n', i18nConfigSchema);
  const service = await startI18n(config);
  service.logger.info({ url: service.url }, 'i18n listening');
  // The HTTP server first (in-flight requests finish), then the consumer, the bus and the store.
  handleShutdownSignals(service.logger, [{ name: 'i18n', run: () => service.stop() }]);
}

main().catch((error: unknown) => {
  process.stderr.write(`i18n failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
