import type { Logger } from '@kadr/telemetry';

export interface ShutdownStep {
  name: string;
  run(): Promise<void>;
}

/**
 * On SIGTERM or SIGINT runs the steps in order (stop taking HTTP traffic, stop consumers, close
 * stores...), then exits 0; a step that fails is logged and the rest still run. A second
 * signal, or steps taking longer than `timeoutMs`, exits 1 at once.
 */
export function handleShutdownSignals(logger: Logger, steps: ShutdownStep[], timeoutMs = 25_000): () => Promise<void> {
  let shuttingDown = false;
  const shutdown = async (): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown took too long, exiting');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    for (const step of steps) {
      try {
        await step.run();
        logger.info({ step: step.name }, 'shutdown step done');
      } catch (error) {
        logger.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
    clearTimeout(deadline);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    void shutdown().then(() => process.exit(0));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return shutdown;
}
