/**
 * Waiting for the page to reach a state (playwright-core has locators but not @playwright/test's
 * retrying `expect`): read until the value is accepted, then fail naming the last value seen.
 */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const seen = lastError !== undefined && last === undefined ? messageOf(lastError) : JSON.stringify(last);
      throw new Error(`${what}: still not there after ${timeoutMs} ms (last seen: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : JSON.stringify(error));
