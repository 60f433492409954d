import { backoffBefore, deliverWithRetries, MAX_RETRY_DELAY_MS, retryPolicyOf } from '../src/delivery';
import { deadLetterOf } from '../src/dead-letter';
import { withDeadLetterTopics } from '../src/topics';

const message = { topic: 't', key: 'k', value: new Uint8Array([1]), headers: {}, partition: 0, offset: '0' };

describe('retries', () => {
  it('doubles the delay from retryDelayMs and caps it', () => {
    const policy = retryPolicyOf({ retryDelayMs: 100 });
    expect([2, 3, 4, 5].map((attempt) => backoffBefore(attempt, policy))).toEqual([100, 200, 400, 800]);
    expect(backoffBefore(40, policy)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryPolicyOf({})).toEqual({ maxAttempts: 5, retryDelayMs: 100 });
    expect(() => retryPolicyOf({ maxAttempts: 1.5 })).toThrow(RangeError);
    expect(() => retryPolicyOf({ retryDelayMs: -1 })).toThrow(RangeError);
  });

  it('reports the last error after maxAttempts and hands each attempt its own copy', async () => {
    const attempts: number[] = [];
    const outcome = await deliverWithRetries(
      message,
      (delivered) => {
        attempts.push(delivered.attempt);
        delivered.headers.polluted = 'yes';
        return Promise.reject(new Error(`failure ${delivered.attempt}`));
      },
      { maxAttempts: 3, retryDelayMs: 1 },
      { signal: new AbortController().signal },
    );
    expect(attempts).toEqual([1, 2, 3]);
    expect(outcome).toEqual({ kind: 'failed', attempts: 3, error: new Error('failure 3') });
    expect(message.headers).toEqual({});
  });

  it('abandons without another attempt once aborted during a backoff', async () => {
    const stop = new AbortController();
    let calls = 0;
    const started = Date.now();
    const outcome = await deliverWithRetries(
      message,
      () => {
        calls += 1;
        setTimeout(() => stop.abort(), 10);
        return Promise.reject(new Error('down'));
      },
      { maxAttempts: 5, retryDelayMs: 10_000 },
      { signal: stop.signal },
    );
    expect(outcome).toEqual({ kind: 'abandoned', attempts: 1 });
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('dead letters', () => {
  it('keeps the original message and cuts a huge error', () => {
    const letter = deadLetterOf({ ...message, headers: { a: '1' } }, 'x'.repeat(5_000), 2, new Date(0));
    expect(letter.key).toBe('k');
    expect(letter.headers?.a).toBe('1');
    expect(letter.headers?.['dlq-error']?.length).toBeLessThan(2_100);
  });

  it('adds a .dlq topic to every topic except dead-letter topics', () => {
    expect(withDeadLetterTopics(['a', 'a', 'b.dlq'])).toEqual(['a', 'a.dlq', 'b.dlq']);
  });
});

describe('keep-alive during a backoff', () => {
  it('beats at the given interval while waiting', async () => {
    let beats = 0;
    let calls = 0;
    await deliverWithRetries(
      message,
      () => ((calls += 1) === 1 ? Promise.reject(new Error('once')) : Promise.resolve()),
      { maxAttempts: 2, retryDelayMs: 100 },
      {
        signal: new AbortController().signal,
        keepAlive: { beat: () => Promise.resolve(void (beats += 1)), everyMs: 20 },
      },
    );
    expect(calls).toBe(2);
    expect(beats).toBeGreaterThanOrEqual(4);
  });
});
