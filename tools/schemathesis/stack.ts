/**
 * The embedded product for the schemathesis run: started on the given port with raised rate
 * limits, signed in as the administrator through the development identity provider, the session
 * written to SESSION_FILE (`{ base, session, csrfToken }`). Runs until SIGTERM/SIGINT, then stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@kadr/telemetry';
import { startEmbedded } from '../launcher/compose-embedded';
import { ApiClient } from '../test/support/api-client';

const port = Number(process.env.PORT);
const sessionFile = process.env.SESSION_FILE;
if (!port || !sessionFile) throw new Error('PORT and SESSION_FILE are required');

async function main(): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-schemathesis-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Thousands of requests from one user in a few minutes: the limits would answer 429 to most of them.
    RATE_LIMIT_USER_PER_MINUTE: '1000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
    RATE_LIMIT_TELEMETRY_PER_MINUTE: '1000000',
    // Job creation really exercised: every catalogue model offered and rendered at once (test-only
    // renderer, refused in production), credits that never run out (commerce's own welcome grant,
    // so 402 masks no other check) and no active-jobs cap in the way.
    JOBS_RENDERER: 'instant',
    WELCOME_CREDITS: '100000000',
    ACTIVE_JOBS_CAP_FREE: '100000',
    ACTIVE_JOBS_CAP_PRO: '100000',
    ACTIVE_JOBS_CAP_ENTERPRISE: '100000',
  };
  for (const name of ['REDIS_URL', 'MONGODB_URI', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'OIDC_ISSUER_URL']) delete env[name];
  const logger = createLogger({ service: 'kadr-schemathesis', level: env.LOG_LEVEL! });
  const kadr = await startEmbedded(env, logger);

  const admin = await ApiClient.signIn(base, process.env.ADMIN_EMAIL ?? 'admin@kadr.local');
  const session = admin.browser.cookie('127.0.0.1', 'kadr_session');
  fs.writeFileSync(sessionFile!, JSON.stringify({ base, session, csrfToken: admin.csrfToken }));

  const stop = () => {
    void kadr
      .stop()
      .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`schemathesis stack failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
