import { readUntil } from '@kadr/tooling/test-helpers';

/** Reads until `accept` takes the value, for the tools suites that wait on whole stacks: up to a minute, every 100 ms. */
export function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  return readUntil(read, accept, { timeoutMs, everyMs: 100 });
}
