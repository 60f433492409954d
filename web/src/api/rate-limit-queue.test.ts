import { RATE_LIMIT_FALLBACK_WAIT_MS, RATE_LIMIT_MAX_WAITS } from '../config/constants';
import { apiRequest } from './api-client';
import { useNetworkStatus } from './network-status';
import { setUpFakeApi } from './testing/fake-api';
import { answer, type FakeAnswer } from './testing/fake-server';

// drainMs: let any wait of the test run out, so the next test starts without a deadline
const server = setUpFakeApi({ drainMs: 60_000 });

const tooMany = (headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  answer.problem(429, 'rate_limited', extra, headers);

function bannerUntil(): number | null {
  return useNetworkStatus.getState().rateLimitedUntil;
}

/** Answers each path's requests in order (the last answer repeats). */
function perPath(script: Record<string, FakeAnswer[]>) {
  const seen: Record<string, number> = {};
  return (request: { path: string }) => {
    const answers = script[request.path] ?? [answer.json(200, {})];
    const index = seen[request.path] ?? 0;
    seen[request.path] = index + 1;
    return answers[Math.min(index, answers.length - 1)] ?? answer.json(200, {});
  };
}

describe('429: wait for Retry-After in a queue, then retry', () => {
  it('honours Retry-After in seconds and shows the banner until the wait ends', async () => {
    server.handle(perPath({ '/bff/platform/limited': [tooMany({ 'retry-after': '2' }), answer.json(200, { ok: 1 })] }));
    const start = Date.now();
    const pending = apiRequest('GET', '/bff/platform/limited');
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    expect(bannerUntil()).toBe(start + 2_000);

    await jest.advanceTimersByTimeAsync(1_999);
    expect(server.requests).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(2);
    expect(bannerUntil()).toBeNull();
  });

  it('waits 1 s when Retry-After is absent', async () => {
    server.handle(perPath({ '/bff/platform/no-header': [tooMany(), answer.json(200, 'fine')] }));
    const start = Date.now();
    const pending = apiRequest('GET', '/bff/platform/no-header');
    await jest.advanceTimersByTimeAsync(0);
    expect(bannerUntil()).toBe(start + RATE_LIMIT_FALLBACK_WAIT_MS);
    await jest.advanceTimersByTimeAsync(RATE_LIMIT_FALLBACK_WAIT_MS - 1);
    expect(server.requests).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe('fine');
  });

  it('understands Retry-After as an HTTP date', async () => {
    const at = new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000); // HTTP dates have whole seconds
    server.handle(
      perPath({ '/bff/platform/dated': [tooMany({ 'retry-after': at.toUTCString() }), answer.json(200, 1)] }),
    );
    const pending = apiRequest('GET', '/bff/platform/dated');
    await jest.advanceTimersByTimeAsync(0);
    const waitMs = (bannerUntil() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThanOrEqual(2_000);
    expect(waitMs).toBeLessThanOrEqual(4_000);
    await jest.advanceTimersByTimeAsync(waitMs - 1);
    expect(server.requests).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe(1);
  });

  it('sends waiting requests one at a time: the next goes only after the previous one’s answer', async () => {
    server.handle(
      perPath({
        '/bff/platform/a': [tooMany({ 'retry-after': '1' }), answer.delayed(500, answer.json(200, 'a'))],
        '/bff/platform/b': [tooMany({ 'retry-after': '1' }), answer.json(200, 'b')],
      }),
    );
    const a = apiRequest('GET', '/bff/platform/a');
    const b = apiRequest('GET', '/bff/platform/b');
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests.map((request) => request.path)).toEqual(['/bff/platform/a', '/bff/platform/b']);

    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.requests.map((request) => request.path)).toEqual([
      '/bff/platform/a',
      '/bff/platform/b',
      '/bff/platform/a',
    ]);
    await jest.advanceTimersByTimeAsync(499);
    expect(server.requests).toHaveLength(3); // b still waits for a's answer
    await jest.advanceTimersByTimeAsync(1);
    await expect(a).resolves.toBe('a');
    await expect(b).resolves.toBe('b');
    expect(server.requests.map((request) => request.path).slice(3)).toEqual(['/bff/platform/b']);
  });

  it('a new request made during the wait joins the line instead of meeting the limit again', async () => {
    server.handle(perPath({ '/bff/platform/first': [tooMany({ 'retry-after': '2' }), answer.json(200, 1)] }));
    const first = apiRequest('GET', '/bff/platform/first');
    await jest.advanceTimersByTimeAsync(500);
    const later = apiRequest('GET', '/bff/platform/later');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.requests.map((request) => request.path)).toEqual(['/bff/platform/first']);
    await jest.advanceTimersByTimeAsync(500);
    await expect(first).resolves.toBe(1);
    await expect(later).resolves.toEqual({});
    expect(server.requests.map((request) => request.path)).toEqual([
      '/bff/platform/first',
      '/bff/platform/first',
      '/bff/platform/later',
    ]);
  });

  it(`gives up after ${RATE_LIMIT_MAX_WAITS} waits with rate_limited and the seconds to wait`, async () => {
    server.handle(() => tooMany({ 'retry-after': '2' }));
    const start = Date.now();
    const pending = apiRequest('GET', '/bff/platform/always-limited', { retry: 'none' }).catch(
      (error: unknown) => error,
    );
    for (let wait = 1; wait <= RATE_LIMIT_MAX_WAITS; wait += 1) {
      await jest.advanceTimersByTimeAsync(2_000);
      expect(server.requests).toHaveLength(1 + wait);
      // each new 429 moves the deadline on, and the banner keeps counting until the request gives up
      if (wait < RATE_LIMIT_MAX_WAITS) expect(bannerUntil()).toBe(start + 2_000 * (wait + 1));
    }
    const error = await pending;
    expect(server.requests).toHaveLength(1 + RATE_LIMIT_MAX_WAITS);
    expect(error).toMatchObject({
      reason: 'rate_limited',
      status: 429,
      retryAfterSeconds: 2,
      title: 'Too many requests',
      message: 'Please wait 2 seconds before trying again.',
    });
    expect(bannerUntil()).toBeNull(); // nothing waits any more
  });

  it('the caller’s abort during the wait ends the request at once, and it is never sent again', async () => {
    server.handle(() => tooMany({ 'retry-after': '5' }));
    const controller = new AbortController();
    const pending = apiRequest('GET', '/bff/platform/abandoned', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await expect(pending).resolves.toMatchObject({ reason: 'cancelled' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(server.requests).toHaveLength(1);
  });

  it('the same Idempotency-Key goes with the retried state-changing request', async () => {
    server.handle(perPath({ '/bff/platform/jobs': [tooMany(), answer.json(202, { id: 'j' })] }));
    const pending = apiRequest('POST', '/bff/platform/jobs', { body: { prompt: 'p' } });
    await jest.advanceTimersByTimeAsync(RATE_LIMIT_FALLBACK_WAIT_MS);
    await expect(pending).resolves.toEqual({ id: 'j' });
    const [first, second] = server.requests;
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('does not queue quota_exceeded (a 429 that waiting does not fix)', async () => {
    server.handle(() => answer.problem(429, 'quota_exceeded'));
    const pending = apiRequest('POST', '/bff/platform/quota').catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(0);
    await expect(pending).resolves.toMatchObject({ reason: 'quota_exceeded' });
    expect(server.requests).toHaveLength(1);
    expect(bannerUntil()).toBeNull();
  });

  it('a bypass request is not queued: its 429 fails at once', async () => {
    server.handle(() => tooMany({ 'retry-after': '3' }));
    const pending = apiRequest('GET', '/bff/platform/direct', { resilience: 'bypass' }).catch(
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(0);
    await expect(pending).resolves.toMatchObject({ reason: 'rate_limited', retryAfterSeconds: 3 });
    expect(server.requests).toHaveLength(1);
    expect(bannerUntil()).toBeNull();
  });
});
