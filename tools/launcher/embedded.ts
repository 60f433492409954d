/**
 * The all-in-one process of the embedded mode (`npm start`): every service in one Node process
 * on embedded adapters, no infrastructure needed. Later issues plug their services in here.
 */
import '@kadr/telemetry/register';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseConfig, ConfigError } from '@kadr/config';
import { handleShutdownSignals, type ShutdownStep } from '@kadr/http-kit';
import { createLogger } from '@kadr/telemetry';
import { gatewayConfigSchema, startAuthGateway, type GatewayConfig } from '@kadr/auth-gateway';
import { startDevIdentityProvider } from '@kadr/auth-gateway/dev-identity-provider';

const logger = createLogger({ service: 'kadr-embedded', level: process.env.LOG_LEVEL ?? 'info' });

/** The demo accounts of the development sign-in page (the administrator, ADMIN_EMAIL, is added to them). */
const DEMO_ACCOUNTS = [{ email: 'demo@kadr.local', name: 'Demo User' }];

/** A host a browser can be sent to: a wildcard listen address is reached as loopback. */
const reachableHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

async function main(): Promise<void> {
  // A development-only secret when none is given: one process, so every service shares it.
  const env = {
    ...process.env,
    INTERNAL_TOKEN_SECRET: process.env.INTERNAL_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
    // Document stores persist here so users, credits and videos survive a restart.
    DATA_DIR: process.env.DATA_DIR ?? path.resolve(__dirname, '../../.data'),
  };
  let config: GatewayConfig = parseConfig('auth-gateway', gatewayConfigSchema, env);
  if (!process.env.PUBLIC_URL) {
    // Follow PORT/HOST when the public URL was not given, so redirects come back to this process.
    config = { ...config, PUBLIC_URL: `http://${reachableHost(config.HOST)}:${config.PORT}` };
  }

  const shutdown: ShutdownStep[] = [];
  if (!config.OIDC_ISSUER_URL) {
    // No issuer configured: the development identity provider on PORT+1 (it refuses NODE_ENV=production).
    const provider = await startDevIdentityProvider({
      port: config.PORT === 0 ? 0 : config.PORT + 1,
      host: reachableHost(config.HOST),
      clients: [
        {
          client_id: config.OIDC_CLIENT_ID,
          client_secret: config.OIDC_CLIENT_SECRET,
          redirect_uris: [new URL('/auth/callback', config.PUBLIC_URL).href],
        },
      ],
      accounts: DEMO_ACCOUNTS,
      adminEmail: config.ADMIN_EMAIL,
    });
    logger.info(
      { component: 'dev-identity-provider', url: provider.issuer },
      `dev identity provider   ${provider.issuer}`,
    );
    config = { ...config, OIDC_ISSUER_URL: provider.issuer };
    shutdown.push({ name: 'dev-identity-provider', run: () => provider.stop() });
  }

  const gateway = await startAuthGateway(config);
  logger.info({ component: 'auth-gateway', url: gateway.url }, `auth-gateway   ${gateway.url}`);
  logger.info(`Kadr is running at ${config.PUBLIC_URL} — press Ctrl-C to stop`);
  handleShutdownSignals(logger, [{ name: 'auth-gateway', run: () => gateway.stop() }, ...shutdown]);
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `kadr failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(error instanceof ConfigError ? 78 : 1);
});
