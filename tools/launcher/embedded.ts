/**
 * `npm start`: the whole product in one process on embedded adapters, no infrastructure needed
 * (see compose-embedded.ts). One log line per component with its URL; Ctrl-C stops it cleanly.
 */
import '@kadr/telemetry/register';
import { ConfigError } from '@kadr/config';
import { handleShutdownSignals } from '@kadr/http-kit';
import { createLogger } from '@kadr/telemetry';
import { startEmbedded } from './compose-embedded';

const logger = createLogger({ service: 'kadr-embedded', level: process.env.LOG_LEVEL ?? 'info' });

startEmbedded(process.env, logger)
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
