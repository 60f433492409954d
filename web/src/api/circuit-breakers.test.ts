import { BREAKER_FAILURE_THRESHOLD, BREAKER_OPEN_MS } from '../config/constants';
import { apiRequest } from './api-client';
import { isApiError, type ApiError } from './api-error';
import { breakerState } from './circuit-breakers';
import { setUpFakeApi } from './testing/fake-api';
import { answer, inOrder, type FakeAnswer } from './testing/fake-server';

const server = setUpFakeApi();

async function call(path: string): Promise<ApiError | 'ok'> {
  const pending = apiRequest('GET', path, { retry: 'none' }).then(
    () => 'ok' as const,
    (error: unknown) => error,
  );
  await jest.advanceTimersByTimeAsync(0);
  const outcome = await pending;
  if (outcome !== 'ok' && !isApiError(outcome)) throw outcome;
  return outcome;
}

async function callTimes(path: string, times: number): Promise<Array<ApiError | 'ok'>> {
  const outcomes: Array<ApiError | 'ok'> = [];
  for (let index = 0; index < times; index += 1) outcomes.push(await call(path));
  return outcomes;
}

describe('circuit breaker per endpoint', () => {
  it('opens after 5 consecutive failures: the next call fails at once with 503 circuit_open, sending nothing', async () => {
    server.handle(inOrder(answer.problem(503, 'service_unavailable')));
    await callTimes('/bff/platform/flaky', BREAKER_FAILURE_THRESHOLD);
    expect(server.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);
    expect(breakerState('GET /bff/platform/flaky')).toBe('open');

    const refused = await call('/bff/platform/flaky');
    expect(refused).toMatchObject({ reason: 'circuit_open', status: 503, message: 'Temporarily unavailable' });
    expect(server.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);
  });

  it('stays open for 30 s, then lets one test call through (half-open); success closes it', async () => {
    server.handle(inOrder(answer.problem(502, 'backend_http')));
    await callTimes('/bff/platform/recovering', BREAKER_FAILURE_THRESHOLD);

    await jest.advanceTimersByTimeAsync(BREAKER_OPEN_MS - 1);
    expect(await call('/bff/platform/recovering')).toMatchObject({ reason: 'circuit_open' });
    expect(server.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);

    await jest.advanceTimersByTimeAsync(1);
    server.handle(inOrder(answer.json(200, { ok: true })));
    expect(await call('/bff/platform/recovering')).toBe('ok');
    expect(breakerState('GET /bff/platform/recovering')).toBe('closed');
    expect(await callTimes('/bff/platform/recovering', 3)).toEqual(['ok', 'ok', 'ok']);
  });

  it('a failed half-open test reopens it for another 30 s', async () => {
    server.handle(inOrder(answer.problem(503, 'service_unavailable')));
    await callTimes('/bff/platform/still-down', BREAKER_FAILURE_THRESHOLD);
    await jest.advanceTimersByTimeAsync(BREAKER_OPEN_MS);

    expect(await call('/bff/platform/still-down')).toMatchObject({ reason: 'service_unavailable' });
    expect(server.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 1);
    expect(await call('/bff/platform/still-down')).toMatchObject({ reason: 'circuit_open' });
    expect(server.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 1);
  });

  it.each<[string, FakeAnswer]>([
    ['network errors', answer.networkError()],
    ['500 unknown', answer.problem(500, 'unknown')],
    ['an HTML 504 from a proxy', answer.text(504, '<html>Gateway Timeout</html>')],
  ])('counts %s', async (_name, failure) => {
    server.handle(inOrder(failure));
    await callTimes('/bff/platform/counted', BREAKER_FAILURE_THRESHOLD);
    expect(breakerState('GET /bff/platform/counted')).toBe('open');
  });

  it('counts client time-outs', async () => {
    server.handle(inOrder(answer.hang()));
    for (let index = 0; index < BREAKER_FAILURE_THRESHOLD; index += 1) {
      const pending = apiRequest('GET', '/bff/platform/hangs', { retry: 'none' }).catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(30_000);
      expect(await pending).toMatchObject({ reason: 'timeout' });
    }
    expect(breakerState('GET /bff/platform/hangs')).toBe('open');
  });

  it('never counts 4xx answers: they even reset the count of consecutive failures', async () => {
    server.handle(inOrder(answer.problem(404, 'not_found')));
    await callTimes('/bff/platform/missing', 10);
    expect(breakerState('GET /bff/platform/missing')).toBe('closed');

    const failing = answer.problem(503, 'service_unavailable');
    server.handle(inOrder(failing));
    await callTimes('/bff/platform/mixed', 4);
    server.handle(inOrder(answer.problem(400, 'validation')));
    await call('/bff/platform/mixed');
    server.handle(inOrder(failing));
    await callTimes('/bff/platform/mixed', 4);
    expect(breakerState('GET /bff/platform/mixed')).toBe('closed');
    await call('/bff/platform/mixed');
    expect(breakerState('GET /bff/platform/mixed')).toBe('open');
  });

  it('keeps endpoints apart: one open breaker does not block another endpoint', async () => {
    server.handle((request) =>
      request.path === '/bff/platform/broken' ? answer.problem(503, 'service_unavailable') : answer.json(200, {}),
    );
    await callTimes('/bff/platform/broken', BREAKER_FAILURE_THRESHOLD);
    expect(await call('/bff/platform/broken')).toMatchObject({ reason: 'circuit_open' });
    expect(await call('/bff/platform/healthy')).toBe('ok');
  });

  it('one breaker per endpoint template: every job id shares GET /bff/platform/jobs/:id', async () => {
    server.handle(inOrder(answer.problem(503, 'service_unavailable')));
    for (let index = 0; index < BREAKER_FAILURE_THRESHOLD; index += 1) await call(`/bff/platform/jobs/${1000 + index}`);
    expect(await call('/bff/platform/jobs/2000')).toMatchObject({ reason: 'circuit_open' });
  });

  it('ends retries at once when the breaker opens mid-way (circuit_open is not retryable)', async () => {
    server.handle(inOrder(answer.problem(503, 'service_unavailable')));
    const first = apiRequest('GET', '/bff/platform/retried').catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(await first).toMatchObject({ reason: 'service_unavailable' }); // 3 failures
    const second = apiRequest('GET', '/bff/platform/retried').catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(await second).toMatchObject({ reason: 'circuit_open' }); // 2 more open it; the last retry is refused
    expect(server.requests).toHaveLength(5);
  });
});
