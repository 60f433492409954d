/**
 * `npm start`: the whole product in one process on embedded adapters, no infrastructure needed
 * (see compose-embedded.ts), serving the web app: built first into web/dist when that is missing
 * or older than web/ (web-build.ts), unless WEB_DIST_DIR names a build to serve.
 * One log line per component with its URL; Ctrl-C stops it cleanly.
 */
// First: starts the identity provider's key generation on the thread pool while the rest loads.
import { earlySigningKey } from './early-signing-key';
import '@kadr/telemetry/register';
import { ConfigError } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { createLogger } from '@kadr/telemetry';
import path from 'node:path';
import { startEmbedded } from './compose-embedded';
import { ensureWebBuild } from './web-build';

const logger = createLogger({ service: 'kadr-embedded', level: process.env.LOG_LEVEL ?? 'info' });

/** The build to serve: WEB_DIST_DIR as given, or web/dist made fresh. */
async function webDistDir(): Promise<string> {
  if (process.env.WEB_DIST_DIR) return process.env.WEB_DIST_DIR;
  const build = await ensureWebBuild();
  const where = path.relative(process.cwd(), build.distDir) || build.distDir;
  logger.info(
    build.built ? `web app built into ${where} in ${build.durationMs} ms` : `web app in ${where} is up to date`,
  );
  return build.distDir;
}

webDistDir()
  .then((WEB_DIST_DIR) => startEmbedded({ ...process.env, WEB_DIST_DIR }, logger, { devSigningKey: earlySigningKey }))
  .then((kadr) => {
    logger.info(`Kadr is running at ${kadr.publicUrl} — press Ctrl-C to stop`);
    handleShutdownSignals(logger, [{ name: 'kadr', run: () => kadr.stop() }]);
  })
  .catch((error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `kadr failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(error instanceof ConfigError ? 78 : 1);
  });
