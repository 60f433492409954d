/** Why a render was aborted: its time-out, its job taken away (deleted, marked failed, requeued), or shutdown. */
export type StopReason = 'timeout' | 'lost' | 'shutdown';

/** The abort reason a render's signal carries, so what ends the render can tell why it stopped. */
export class StopSignal extends Error {
  constructor(readonly why: StopReason) {
    super(`stopped: ${why}`);
    this.name = 'StopSignal';
  }
}

/** Why `signal` was aborted; undefined when it was not, or not by a StopSignal. */
export function stopReasonOf(signal: AbortSignal): StopReason | undefined {
  return signal.aborted ? (signal.reason as StopSignal | undefined)?.why : undefined;
}
