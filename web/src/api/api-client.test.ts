import { RETRY_MAX_DELAY_MS } from '../config/constants';
import { apiRequest, endpointKeyOf, newIdempotencyKey } from './api-client';
import { ApiError, isApiError } from './api-error';
import { observeApiExchanges, type ApiExchange } from './http-exchange';
import { setUpFakeApi } from './testing/fake-api';
import { answer, inOrder } from './testing/fake-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const server = setUpFakeApi();
beforeEach(() => {
  document.cookie = 'kadr_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterEach(() => jest.restoreAllMocks());

/** Lets a rejected promise be awaited later without an "unhandled rejection". */
function settleLater<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isApiError(outcome)) throw new Error(`expected an ApiError, got ${String(outcome)}`);
  return outcome;
}

describe('what every request sends', () => {
  it('GET: cookies, Accept JSON, no body, no Idempotency-Key or CSRF token', async () => {
    document.cookie = 'kadr_csrf=token-1; path=/';
    server.handle(inOrder(answer.json(200, { data: { ok: 1 } })));

    await expect(
      apiRequest('GET', '/bff/platform/jobs/active', { query: { take: 20, skip: undefined } }),
    ).resolves.toEqual({
      data: { ok: 1 },
    });

    const [request] = server.requests;
    expect(request?.url).toBe('/bff/platform/jobs/active?take=20');
    expect(request?.credentials).toBe('same-origin');
    expect(request?.headers).toEqual({ accept: 'application/json' });
    expect(request?.body).toBeUndefined();
  });

  it('state-changing: JSON body, a fresh Idempotency-Key per call and X-CSRF-Token from the kadr_csrf cookie', async () => {
    document.cookie = 'kadr_csrf=csrf%2Bvalue; path=/';
    server.handle(inOrder(answer.json(201, { id: 'j1' })));

    await apiRequest('POST', '/bff/platform/jobs', { body: { prompt: 'a cat' } });
    await apiRequest('POST', '/bff/platform/jobs', { body: { prompt: 'a cat' } });
    await apiRequest('DELETE', '/bff/platform/admin/jobs/1');

    const [first, second, third] = server.requests;
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.body).toEqual({ prompt: 'a cat' });
    expect(first?.headers['x-csrf-token']).toBe('csrf+value');
    expect(first?.headers['idempotency-key']).toMatch(UUID);
    expect(second?.headers['idempotency-key']).toMatch(UUID);
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
    // no body → no Content-Type, but still the key and the token
    expect(third?.headers['content-type']).toBeUndefined();
    expect(third?.headers['idempotency-key']).toMatch(UUID);
    expect(third?.headers['x-csrf-token']).toBe('csrf+value');
  });

  it('uses the caller’s Idempotency-Key, for PUT and PATCH too', async () => {
    server.handle(inOrder(answer.json(200, {})));
    await apiRequest('PUT', '/bff/platform/api/i18n/user-language', {
      body: { language: 'en' },
      idempotencyKey: 'key-12345',
    });
    await apiRequest('PATCH', '/bff/platform/x', { body: {}, idempotencyKey: 'key-67890' });
    expect(server.requests.map((request) => request.headers['idempotency-key'])).toEqual(['key-12345', 'key-67890']);
  });

  it('sends no CSRF header when the cookie is absent', async () => {
    server.handle(inOrder(answer.json(200, {})));
    await apiRequest('POST', '/auth/logout');
    expect(server.requests[0]?.headers['x-csrf-token']).toBeUndefined();
  });

  it('newIdempotencyKey falls back to getRandomValues outside secure contexts', () => {
    // randomUUID may live on the prototype: shadow it with an own property, then remove the shadow
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(UUID);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});

describe('answers', () => {
  it('204 and an empty 200 give undefined', async () => {
    server.handle(inOrder(answer.empty(204), answer.text(200, '')));
    await expect(apiRequest('POST', '/bff/platform/a')).resolves.toBeUndefined();
    await expect(apiRequest('GET', '/bff/platform/b')).resolves.toBeUndefined();
  });

  it('a problem answer becomes an ApiError; the body’s correlationId wins over the header', async () => {
    server.handle(
      inOrder(
        answer.problem(409, 'conflict', { correlationId: 'from-body' }, { 'x-correlation-id': 'from-header' }),
        answer.problem(404, 'not_found', {}, { 'x-correlation-id': 'from-header' }),
      ),
    );
    const conflict = await failureOf(apiRequest('POST', '/bff/platform/c'));
    expect(conflict).toMatchObject({
      reason: 'conflict',
      status: 409,
      title: 'Conflict',
      message: 'The request conflicts with a current state.',
      detail: 'conflict detail',
      correlationId: 'from-body',
      type: '/problems/conflict',
    });
    const missing = await failureOf(apiRequest('GET', '/bff/platform/d'));
    expect(missing).toMatchObject({ reason: 'not_found', correlationId: 'from-header' });
  });

  it('a non-JSON error body is classified by its status, with the header’s correlation id', async () => {
    server.handle(inOrder(answer.text(502, '<html>Bad Gateway</html>', { 'x-correlation-id': 'c-502' })));
    const error = await failureOf(apiRequest('GET', '/bff/platform/e', { retry: 'none' }));
    expect(error).toMatchObject({
      reason: 'proxy_error',
      status: 502,
      title: 'Upstream error',
      correlationId: 'c-502',
    });
  });

  it('a 200 that is not JSON (the SPA’s index.html) is an error, not data', async () => {
    server.handle(inOrder(answer.text(200, '<!doctype html><html></html>')));
    const error = await failureOf(apiRequest('GET', '/bff/platform/f'));
    expect(error).toMatchObject({ reason: 'unknown', status: 200 });
  });

  it('reports every exchange to observers (telemetry’s latency hook)', async () => {
    const seen: ApiExchange[] = [];
    const stop = observeApiExchanges((exchange) => seen.push(exchange));
    server.handle(inOrder(answer.json(200, {}), answer.problem(403, 'forbidden')));
    await apiRequest('GET', '/bff/platform/jobs/123');
    await failureOf(apiRequest('GET', '/bff/platform/jobs/123'));
    stop();
    await apiRequest('GET', '/bff/platform/jobs/123').catch(() => undefined);
    expect(seen).toEqual([
      expect.objectContaining({ endpoint: 'GET /bff/platform/jobs/:id', method: 'GET', status: 200 }),
      expect.objectContaining({ endpoint: 'GET /bff/platform/jobs/:id', status: 403, reason: 'forbidden' }),
    ]);
  });
});

describe('time-out and cancellation', () => {
  it('abandons a request after 30 s with reason timeout', async () => {
    server.handle(inOrder(answer.hang()));
    const pending = settleLater(apiRequest('GET', '/bff/platform/slow', { retry: 'none' }));
    await jest.advanceTimersByTimeAsync(29_999);
    expect(server.requests[0]?.signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const { error } = await pending;
    expect(error).toMatchObject({ reason: 'timeout', status: 0, title: 'Timeout' });
    expect(server.requests[0]?.signal?.aborted).toBe(true);
  });

  it('the caller’s abort ends the request with reason cancelled and is never retried', async () => {
    server.handle(inOrder(answer.hang()));
    const controller = new AbortController();
    const pending = settleLater(apiRequest('GET', '/bff/platform/cancel-me', { signal: controller.signal }));
    await jest.advanceTimersByTimeAsync(10);
    controller.abort();
    const { error } = await pending;
    expect(error).toMatchObject({ reason: 'cancelled' });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(apiRequest('GET', '/bff/platform/x', { signal: controller.signal }));
    expect(error.reason).toBe('cancelled');
    expect(server.requests).toHaveLength(0);
  });
});

describe('retries (cockatiel, exponential backoff with jitter)', () => {
  it('reuses the same Idempotency-Key on every retry of one call', async () => {
    server.handle(
      inOrder(
        answer.problem(503, 'service_unavailable'),
        answer.problem(502, 'backend_http'),
        answer.json(201, { id: 'j' }),
      ),
    );
    const pending = apiRequest('POST', '/bff/platform/jobs', { body: { prompt: 'x' } });
    await jest.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toEqual({ id: 'j' });
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(UUID);
  });

  it.each([
    ['timeout (504)', answer.problem(504, 'timeout')],
    ['service_unavailable (503)', answer.problem(503, 'service_unavailable')],
    ['proxy_error (502)', answer.problem(502, 'proxy_error')],
    ['backend_http (502)', answer.problem(502, 'backend_http')],
  ])('retries %s twice, then gives up with it', async (_name, failure) => {
    server.handle(inOrder(failure));
    const pending = settleLater(apiRequest('GET', '/bff/platform/retry-me'));
    await jest.advanceTimersByTimeAsync(1_000);
    const { error } = await pending;
    expect(server.requests).toHaveLength(3);
    expect(isApiError(error) && error.status >= 500).toBe(true);
  });

  it('retries a client time-out too', async () => {
    server.handle(inOrder(answer.hang(), answer.json(200, { ok: true })));
    const pending = apiRequest('GET', '/bff/platform/slow-then-fine');
    await jest.advanceTimersByTimeAsync(30_000 + 300);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    ['validation', answer.problem(400, 'validation')],
    ['unauthorized', answer.problem(401, 'unauthorized')],
    ['forbidden', answer.problem(403, 'forbidden')],
    ['not_found', answer.problem(404, 'not_found')],
    ['conflict', answer.problem(409, 'conflict')],
    ['unknown (500)', answer.problem(500, 'unknown')],
    ['db_transient (503)', answer.problem(503, 'db_transient')],
    ['network_error', answer.networkError()],
  ])('never retries %s by default', async (_name, failure) => {
    server.handle(inOrder(failure));
    const pending = settleLater(apiRequest('GET', '/bff/platform/no-retry'));
    await jest.advanceTimersByTimeAsync(5_000);
    await pending;
    expect(server.requests).toHaveLength(1);
  });

  it('retry: none sends once', async () => {
    server.handle(inOrder(answer.problem(503, 'service_unavailable')));
    const pending = settleLater(apiRequest('GET', '/bff/platform/once', { retry: 'none' }));
    await jest.advanceTimersByTimeAsync(5_000);
    await pending;
    expect(server.requests).toHaveLength(1);
  });

  it('a custom rule retries its own reasons', async () => {
    server.handle(inOrder(answer.networkError(), answer.networkError(), answer.json(200, 'ok')));
    const pending = apiRequest('GET', '/bff/platform/custom', {
      retry: { reasons: ['network_error'], maxRetries: 2, baseDelayMs: 100 },
    });
    await jest.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toBe('ok');
    expect(server.requests).toHaveLength(3);
  });

  /** Times (ms after the call) at which each request went out. */
  async function requestTimes(
    random: number,
    retry: Parameters<typeof apiRequest>[2] = {},
    failure = answer.problem(503, 'service_unavailable'),
  ): Promise<number[]> {
    jest.spyOn(Math, 'random').mockReturnValue(random);
    const start = Date.now();
    const times: number[] = [];
    server.handle(() => {
      times.push(Date.now() - start);
      return failure;
    });
    const pending = settleLater(apiRequest('GET', `/bff/platform/backoff-${random}`, retry));
    await jest.advanceTimersByTimeAsync(20_000); // timers fire at their own times, so Date.now() is exact
    await pending;
    return times;
  }

  it('backs off 300 ms·2ⁿ with jitter: the n-th retry waits between half and all of it', async () => {
    // lowest jitter: 150 ms, then 300 ms
    expect(await requestTimes(0)).toEqual([0, 150, 450]);
    // highest jitter: just under 300 ms, then just under 600 ms
    expect(await requestTimes(0.999)).toEqual([0, 299, 299 + 599]);
  });

  it('never waits more than 3 s between tries', async () => {
    // 409s: a rule may retry them, and (being answers) they do not open the breaker after five
    const times = await requestTimes(
      0.999,
      { retry: { reasons: ['conflict'], maxRetries: 6, baseDelayMs: 300 } },
      answer.problem(409, 'conflict'),
    );
    const waits = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    expect(waits).toHaveLength(6);
    expect(Math.max(...waits)).toBeLessThanOrEqual(RETRY_MAX_DELAY_MS);
    expect(waits[5]).toBeGreaterThan(RETRY_MAX_DELAY_MS / 2);
  });
});

describe('endpoint keys', () => {
  it('turns id-like segments into :id so one breaker covers an endpoint', () => {
    expect(endpointKeyOf('GET', '/bff/platform/jobs/550e8400-e29b-41d4-a716-446655440000')).toBe(
      'GET /bff/platform/jobs/:id',
    );
    expect(endpointKeyOf('GET', '/bff/platform/api/commerce/orders/12345?x=1')).toBe(
      'GET /bff/platform/api/commerce/orders/:id',
    );
    expect(endpointKeyOf('DELETE', '/bff/platform/admin/users/65f1c2a9b8e4d3f2a1b0c9d8')).toBe(
      'DELETE /bff/platform/admin/users/:id',
    );
    expect(endpointKeyOf('GET', '/bff/platform/jobs/active')).toBe('GET /bff/platform/jobs/active');
  });
});

describe('ApiError', () => {
  it('is an Error with the person-readable message', () => {
    const error = new ApiError({ reason: 'timeout', status: 0, title: 'Timeout', message: 'Try again.' });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Try again.');
    expect(error.fieldErrors).toEqual({});
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
