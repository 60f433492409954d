/**
 * The all-in-one process of the embedded mode (`npm start`): every service in one Node process
 * on embedded adapters, no infrastructure needed. Later issues plug their services in here.
 */
import '@kadr/telemetry/register';
import { randomBytes } from 'node:crypto';
import { parseConfig, ConfigError } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { createLogger } from '@kadr/telemetry';
import { gatewayConfigSchema, startAuthGateway } from '@kadr/auth-gateway';

const logger = createLogger({ service: 'kadr-embedded', level: process.env.LOG_LEVEL ?? 'info' });

async function main(): Promise<void> {
  // A development-only secret when none is given: one process, so every service shares it.
  const env = {
    ...process.env,
    INTERNAL_TOKEN_SECRET: process.env.INTERNAL_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
  };
  const gateway = await startAuthGateway(parseConfig('auth-gateway', gatewayConfigSchema, env));
  logger.info({ component: 'auth-gateway', url: gateway.url }, `auth-gateway   ${gateway.url}`);
  logger.info(`Kadr is running at ${gateway.url} — press Ctrl-C to stop`);
  handleShutdownSignals(logger, [{ name: 'auth-gateway', run: () => gateway.stop() }]);
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `kadr failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(error instanceof ConfigError ? 78 : 1);
});
