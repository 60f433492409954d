import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { context, propagation } from '@opentelemetry/api';
import { Router } from 'express';
import request from 'supertest';
import { verifyInternalToken } from '@kadr/http-kit';
import { TEST_ROLES_HEADER, TEST_USER_HEADER } from './helpers/fake-session';
import { closedPortUrl, deferred, startFakeUpstream, TEST_KEYS, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

/** Stands in for the HTTP instrumentation: the incoming trace context becomes the active one. */
function traceContextFromRequest(): Router {
  const router = Router();
  router.use((req, _res, next) => {
    context.with(propagation.extract(context.active(), req.headers), next);
  });
  return router;
}

describe('proxying /bff/platform/* to the services', () => {
  const upstreams: Record<'commerce' | 'jobs' | 'media' | 'i18n' | 'admin', FakeUpstream> = {} as never;
  let gateway: TestGateway;
  const contextManager = new AsyncLocalStorageContextManager();

  beforeAll(async () => {
    context.setGlobalContextManager(contextManager.enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    for (const name of ['commerce', 'jobs', 'media', 'i18n', 'admin'] as const) {
      upstreams[name] = await startFakeUpstream(name);
    }
  });
  beforeEach(() => {
    for (const upstream of Object.values(upstreams)) {
      upstream.received.length = 0;
      upstream.answer((_req, res) => {
        res.json({ ok: true });
      });
    }
    gateway = createTestGateway({
      env: {
        COMMERCE_URL: upstreams.commerce.url,
        JOBS_URL: upstreams.jobs.url,
        MEDIA_URL: upstreams.media.url,
        I18N_URL: upstreams.i18n.url,
        ADMIN_URL: upstreams.admin.url,
        UPSTREAM_TIMEOUT_MS: '300',
      },
      before: [traceContextFromRequest()],
    });
  });
  afterEach(() => gateway.close());
  afterAll(async () => {
    await Promise.all(Object.values(upstreams).map((upstream) => upstream.close()));
    propagation.disable();
    context.disable();
  });

  const get = (path: string) => request(gateway.app).get(path).set(TEST_USER_HEADER, 'u1');

  it.each([
    ['/bff/platform/api/commerce/credits', 'commerce', '/api/commerce/credits'],
    ['/bff/platform/api/commerce/packages?currency=PLN', 'commerce', '/api/commerce/packages?currency=PLN'],
    ['/bff/platform/ai-models', 'jobs', '/ai-models'],
    ['/bff/platform/api/ai-models/grouped', 'jobs', '/api/ai-models/grouped'],
    ['/bff/platform/jobs/active?take=20', 'jobs', '/jobs/active?take=20'],
    ['/bff/platform/jobs', 'jobs', '/jobs'],
    ['/bff/platform/api/settings/ai-provider', 'jobs', '/api/settings/ai-provider'],
    ['/bff/platform/api/media/videos?page=1&limit=12', 'media', '/api/media/videos?page=1&limit=12'],
    ['/bff/platform/api/media/videos/job-7/stream?format=json', 'media', '/api/media/videos/job-7/stream?format=json'],
    ['/bff/platform/api/i18n/languages', 'i18n', '/api/i18n/languages'],
    ['/bff/platform/admin/users?skip=0&take=50&q=ann', 'admin', '/admin/users?skip=0&take=50&q=ann'],
  ] as const)('%s → %s %s', async (path, upstream, forwarded) => {
    const res = await get(path).set(TEST_ROLES_HEADER, 'user,admin');
    expect(res.status).toBe(200);
    expect(upstreams[upstream].received.map((r) => r.url)).toEqual([forwarded]);
  });

  it.each([
    '/bff/platform/unknown',
    '/bff/platform/jobsx',
    '/bff/platform/ADMIN/users',
    '/bff/platform/api/commerce/../../admin/users',
    '/bff/platform/api/commerce/%2e%2e/secret',
    '/bff/platform//admin/users',
  ])('answers 404 for %s without calling anyone', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('/problems/not_found');
    for (const upstream of Object.values(upstreams)) expect(upstream.received).toHaveLength(0);
  });

  it("sends the user's internal token for the called service only, and never cookies or the CSRF header", async () => {
    const res = await request(gateway.app)
      .get('/bff/platform/api/commerce/credits')
      .set(TEST_USER_HEADER, 'u1')
      .set(TEST_ROLES_HEADER, 'user,admin')
      .set('Cookie', 'kadr_session=secret-session-id; other=1')
      .set('X-CSRF-Token', 'csrf-of-u1')
      .set('Authorization', 'Bearer forged-by-the-browser')
      .set('X-Forwarded-For', '10.0.0.1')
      .set('Accept-Language', 'pl-PL')
      .set('If-None-Match', '"v1"')
      .set('x-correlation-id', 'corr-proxy-test-01');
    expect(res.status).toBe(200);
    const [received] = upstreams.commerce.received;
    expect(received!.caller).toEqual({
      kind: 'user',
      userId: 'u1',
      email: 'u1@example.test',
      name: 'Test u1',
      roles: ['user', 'admin'],
    });
    await expect(verifyInternalToken(received!.token, { keys: TEST_KEYS, audience: 'jobs' })).rejects.toThrow();
    expect(received!.headers.cookie).toBeUndefined();
    expect(received!.headers['x-csrf-token']).toBeUndefined();
    expect(received!.headers['x-forwarded-for']).toBeUndefined();
    expect(received!.headers['x-test-user']).toBeUndefined();
    expect(received!.headers['accept-language']).toBe('pl-PL');
    expect(received!.headers['if-none-match']).toBe('"v1"');
    expect(received!.headers['x-correlation-id']).toBe('corr-proxy-test-01');
  });

  it('carries the W3C trace context of the request', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await get('/bff/platform/jobs/active').set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`);
    const traceparent = upstreams.jobs.received[0]!.headers.traceparent as string;
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });

  it("uses the gateway's service token on a public route without a session", async () => {
    const res = await request(gateway.app).get('/bff/platform/api/commerce/plans');
    expect(res.status).toBe(200);
    expect(upstreams.commerce.received[0]!.caller).toEqual({ kind: 'service', service: 'auth-gateway', roles: [] });
  });

  it('forwards the JSON body re-serialised, with its method', async () => {
    upstreams.jobs.answer((req, res) => {
      res.status(200).json({ data: { provider: (req.body as { provider: string }).provider } });
    });
    const res = await request(gateway.app)
      .put('/bff/platform/api/settings/ai-provider')
      .set(TEST_USER_HEADER, 'u1')
      .set('Idempotency-Key', randomUUID())
      .send({ provider: 'local' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { provider: 'local' } });
    const [received] = upstreams.jobs.received;
    expect(received!.method).toBe('PUT');
    expect(received!.body).toEqual({ provider: 'local' });
    expect(received!.headers['content-type']).toBe('application/json');
  });

  it("passes the service's answer headers it allows, and keeps the gateway's own correlation id", async () => {
    upstreams.media.answer((_req, res) => {
      res
        .status(206)
        .set({
          'Content-Type': 'video/mp4',
          'Content-Range': 'bytes 0-3/10',
          'Accept-Ranges': 'bytes',
          'Cache-Control': 'private, max-age=60',
          ETag: '"v2"',
          'Set-Cookie': 'evil=1',
          'X-Internal-Secret': 'nope',
          'x-correlation-id': 'the-service-own-id',
        })
        .send(Buffer.from('abcd'));
    });
    const res = await get('/bff/platform/api/media/videos/job-1/stream').set('Range', 'bytes=0-3');
    expect(res.status).toBe(206);
    expect(upstreams.media.received[0]!.headers.range).toBe('bytes=0-3');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-range']).toBe('bytes 0-3/10');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(res.headers.etag).toBe('"v2"');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-internal-secret']).toBeUndefined();
    expect(res.headers['x-correlation-id']).not.toBe('the-service-own-id');
    expect(res.headers['x-correlation-id']).toBe(upstreams.media.received[0]!.headers['x-correlation-id']);
  });

  it("passes a service's 4xx problem through unchanged", async () => {
    const problem = {
      type: '/problems/validation',
      title: 'Please check your input',
      status: 400,
      detail: 'Please fix highlighted fields.',
      errors: { take: 'must be at most 100' },
    };
    upstreams.jobs.answer((_req, res) => {
      res.status(400).type('application/problem+json').send(JSON.stringify(problem));
    });
    const res = await get('/bff/platform/jobs/active?take=1000');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(JSON.parse(res.text)).toEqual(problem);
  });

  it('maps a 5xx to 502 backend_http without its body', async () => {
    upstreams.jobs.answer((_req, res) => {
      res.status(500).json({ stack: 'at secretFunction (/srv/jobs/internal.ts:1)' });
    });
    const res = await get('/bff/platform/jobs/active').set('x-correlation-id', 'corr-5xx-000001');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      type: '/problems/backend_http',
      title: 'Service error',
      correlationId: 'corr-5xx-000001',
    });
    expect(res.text).not.toContain('secretFunction');
  });

  it('answers 504 timeout when the service does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    const release = deferred();
    upstreams.jobs.answer(async (_req, res) => {
      await release.promise;
      res.json({ late: true });
    });
    const started = Date.now();
    const res = await get('/bff/platform/jobs/active');
    release.resolve();
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ type: '/problems/timeout', title: 'Timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers 502 proxy_error when the service cannot be reached', async () => {
    const gone = createTestGateway({ env: { JOBS_URL: await closedPortUrl() } });
    try {
      const res = await request(gone.app).get('/bff/platform/jobs/active').set(TEST_USER_HEADER, 'u1');
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ type: '/problems/proxy_error', title: 'Upstream error' });
      expect(res.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    } finally {
      await gone.close();
    }
  });

  it('answers 503 service_unavailable for a service that is not configured', async () => {
    const partial = createTestGateway({ env: { JOBS_URL: upstreams.jobs.url } });
    try {
      const res = await request(partial.app).get('/bff/platform/api/media/videos').set(TEST_USER_HEADER, 'u1');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ type: '/problems/service_unavailable', status: 503 });
    } finally {
      await partial.close();
    }
  });

  it('streams an event stream as it comes, without buffering it', async () => {
    const finish = deferred();
    upstreams.jobs.answer(async (_req, res) => {
      res.status(200).set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      res.write('event: connected\ndata: {}\n\n');
      await finish.promise;
      res.end('event: heartbeat\ndata: {}\n\n');
    });
    const server = http.createServer(gateway.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: '/bff/platform/jobs/events', headers: { [TEST_USER_HEADER]: 'u1' } },
            resolve,
          )
          .on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      const firstChunk = await new Promise<string>((resolve) =>
        response.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      );
      // The service is still holding the stream open: nothing was buffered until its end.
      expect(firstChunk).toBe('event: connected\ndata: {}\n\n');
      let rest = '';
      response.on('data', (chunk: Buffer) => (rest += chunk.toString()));
      const ended = new Promise((resolve) => response.on('end', resolve));
      finish.resolve();
      await ended;
      expect(rest).toBe('event: heartbeat\ndata: {}\n\n');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('records upstream metrics per service', async () => {
    await get('/bff/platform/jobs/active');
    // The registry METRICS_PORT serves (the app port has no /metrics).
    const metrics = { text: await gateway.metrics.registry.metrics() };
    expect(metrics.text).toMatch(
      /gateway_upstream_request_duration_seconds_count\{[^}]*upstream="jobs"[^}]*outcome="200"[^}]*\} 1/,
    );
    expect(metrics.text).toMatch(/gateway_upstream_breaker_state\{[^}]*upstream="jobs"[^}]*\} 0/);
  });
});
