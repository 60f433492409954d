// Waiting in tests for what happens asynchronously (an event consumed, a row written), by polling
// with a deadline — never by a fixed sleep. Three shapes, one rule: poll every `everyMs` until
// the deadline, then fail saying what was last seen.

export interface PollOptions {
  /** Deadline from the first try. Default 5 s. */
  timeoutMs?: number;
  /** Pause between tries. Default 20 ms. */
  everyMs?: number;
  /** What is awaited, for the failure message. */
  what?: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `check` until it returns without throwing (an `expect` that comes true); the last error is thrown at the deadline. */
export async function eventually<T>(check: () => Promise<T> | T, options: PollOptions = {}): Promise<T> {
  const { timeoutMs = 5_000, everyMs = 20 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(everyMs);
    }
  }
}

/** Polls `condition` until it is true; throws naming `what` at the deadline. */
export async function until(condition: () => Promise<boolean> | boolean, options: PollOptions = {}): Promise<void> {
  const { timeoutMs = 5_000, everyMs = 20, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await pause(everyMs);
  }
}

/** Reads until `accept` takes the value and returns it; throws with the last value read at the deadline. */
export async function readUntil<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  options: PollOptions = {},
): Promise<T> {
  const { timeoutMs = 5_000, everyMs = 20, what = 'an accepted value' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(value)}`);
    await pause(everyMs);
  }
}
