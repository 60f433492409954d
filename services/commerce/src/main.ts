import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { commerceConfigSchema } from './config';
import { startCommerce } from './service';

// Tracing (above) must start before express, kafkajs and mongoose load.
async function main(): Promise<void> {
  const config = loadConfig('commerce', commerceConfigSchema);
  const commerce = await startCommerce(config);
  commerce.logger.info({ url: commerce.url, provider: config.PAYMENT_PROVIDER }, 'commerce listening');
  // One step: HTTP first (in-flight requests finish), then the consumer, the relay and the stores.
  handleShutdownSignals(commerce.logger, [{ name: 'commerce', run: () => commerce.stop() }]);
}

main().catch((error: unknown) => {
  process.stderr.write(`commerce failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
