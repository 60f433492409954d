import { openInOrder, type Closing, type Own } from '@kadr/documents';
import type { ComposedService } from './serve-composed';

/**
 * A composed service's background work (relays, consumers, sweeps) as one start function:
 * everything `start` registers with `own` is stopped in reverse order, and a start that fails
 * halfway stops what it had started. Spread into the composed service:
 *
 * ```ts
 * return { app, health, ...backgroundWork(async (own) => {
 *   own(relay).start();
 *   own(await subscribeMedia({ bus, library, logger }));
 * }) };
 * ```
 */
export function backgroundWork(
  start: (own: Own) => Promise<void> | void,
): Pick<ComposedService, 'startBackground' | 'stop'> {
  let started: Closing | undefined;
  return {
    async startBackground() {
      started = await openInOrder(async (own) => {
        await start(own);
        return {};
      });
    },
    async stop() {
      await started?.close();
    },
  };
}

/** Runs `task` every `intervalMs` until stopped (register it with `own`); a failed run is reported, not fatal. */
export function repeatEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop(): void } {
  const timer = setInterval(() => {
    task().catch(onError);
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
