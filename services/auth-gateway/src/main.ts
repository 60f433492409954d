// Tracing must start before express and the other instrumented libraries load.
import '@kadr/telemetry/register';
import { loadConfig } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { gatewayConfigSchema } from './config';
import { startAuthGateway } from './service';

async function main(): Promise<void> {
  const config = loadConfig('auth-gateway', gatewayConfigSchema);
  const gateway = await startAuthGateway(config);
  gateway.logger.info({ url: gateway.url }, 'auth-gateway listening');
  handleShutdownSignals(gateway.logger, [{ name: 'http', run: () => gateway.stop() }]);
}

main().catch((error: unknown) => {
  process.stderr.write(`auth-gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
