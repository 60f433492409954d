import { initI18n } from '../../i18n/i18n';
import { resetCircuitBreakers } from '../circuit-breakers';
import { installFakeServer, type FakeServer } from './fake-server';

/**
 * The api tests' common frame, registered in the calling test file: English texts and jest's fake
 * timers for the whole file (once per file: the fake clock only moves forward); before each test
 * closed breakers and a fresh fake server answering 200 `{}` until the test scripts otherwise;
 * after it the real `fetch` back. `drainMs`: time run out after each test first, so that no wait
 * it started (a 429 deadline, a backoff) reaches into the next one.
 *
 * Returns the running test's server: a stable handle whose `requests` and `handle` follow the
 * server of the current test.
 */
export function setUpFakeApi({ drainMs = 0 }: { drainMs?: number } = {}): FakeServer {
  let current: FakeServer | undefined;
  beforeAll(() => {
    initI18n('en');
    jest.useFakeTimers();
  });
  afterAll(() => jest.useRealTimers());
  beforeEach(() => {
    resetCircuitBreakers();
    current = installFakeServer();
  });
  afterEach(async () => {
    if (drainMs > 0) await jest.advanceTimersByTimeAsync(drainMs);
    current?.restore();
    current = undefined;
  });

  const running = (): FakeServer => {
    if (!current) throw new Error('The fake server runs only inside a test.');
    return current;
  };
  return {
    get requests() {
      return running().requests;
    },
    handle: (handler) => running().handle(handler),
    restore: () => running().restore(),
  };
}
