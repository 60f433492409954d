import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Router } from 'express';
import { createHttpApp, requireInternalCaller } from '@kadr/http-kit';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { closedPortUrl, TEST_KEYS } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

/**
 * Issue 13 finding 1: one signed-in user sending broken percent-encoding made jobs, commerce and
 * media answer 500, the gateway 502, and five in a row opened that upstream's breaker for 30 s
 * for everyone. Here the upstreams are healthy services built like the real ones (createHttpApp,
 * internal tokens, routes with path parameters, one route with a bug that answers 500); one user
 * sends the worst requests we know, many times, and the breakers must stay closed for another
 * user — while an upstream that is really failing (503, connection refused) still opens its
 * breaker after 5 failures (spec §9).
 */

interface HealthyService {
  url: string;
  /** Raw paths the service received. */
  received: string[];
  close(): Promise<void>;
}

async function startHealthyService(name: 'jobs' | 'commerce' | 'media'): Promise<HealthyService> {
  const received: string[] = [];
  const routes = Router();
  routes.use(requireInternalCaller({ keys: TEST_KEYS, audience: name }));
  routes.use((req, _res, next) => {
    received.push(req.originalUrl);
    next();
  });
  routes.get('/jobs/recent', (_req, res) => {
    res.json({ data: [] });
  });
  routes.get('/jobs/buggy', () => {
    // A bug only this request reaches: the service is fine for everyone else.
    throw new TypeError("Cannot read properties of undefined (reading 'id')");
  });
  routes.get('/jobs/:id', (req, res) => {
    res.status(404).json({ id: req.params.id });
  });
  routes.post('/jobs', (req, res) => {
    res.status(201).json({ data: req.body as unknown });
  });
  routes.get('/api/commerce/orders/:id', (req, res) => {
    res.status(404).json({ id: req.params.id });
  });
  routes.get('/api/commerce/credits', (_req, res) => {
    res.json({ data: { balance: 10 } });
  });
  routes.get('/api/media/videos/:id/stream', (req, res) => {
    res.status(404).json({ id: req.params.id });
  });
  routes.get('/api/media/videos', (_req, res) => {
    res.json({ data: [] });
  });
  const { app } = createHttpApp({
    service: name,
    logger: createLogger({ service: name, level: 'silent' }),
    metrics: createMetrics({ service: name, defaultMetrics: false }),
    routes,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ATTACKER = 'attacker';
const VICTIM = 'victim';
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

interface Hostile {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** The worst requests one signed-in user sends (issue 13 findings 1 and 4, plus a route with a bug). */
const HOSTILE: Hostile[] = [
  { name: 'job id with broken encoding', method: 'GET', path: '/bff/platform/jobs/%E0%A4%A' },
  { name: 'order id with broken encoding', method: 'GET', path: '/bff/platform/api/commerce/orders/%E0%A4%A' },
  { name: 'video id with broken encoding', method: 'GET', path: '/bff/platform/api/media/videos/%E0%A4%A/stream' },
  { name: 'non-hex encoding', method: 'GET', path: '/bff/platform/jobs/%zz' },
  { name: 'encoded NUL', method: 'GET', path: '/bff/platform/jobs/a%00b' },
  { name: 'encoded newline', method: 'GET', path: '/bff/platform/api/commerce/orders/x%0d%0aSet-Cookie:%20a' },
  {
    name: 'gzip body that is not gzip',
    method: 'POST',
    path: '/bff/platform/jobs',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: '{"prompt":"cat"}',
  },
  {
    name: 'gzip body cut short',
    method: 'POST',
    path: '/bff/platform/jobs',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: gzipSync('{"prompt":"cat"}').subarray(0, 10),
  },
  {
    name: 'br body that is not brotli',
    method: 'POST',
    path: '/bff/platform/jobs',
    headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
    body: Buffer.from([0xff, 0xfe, 0xfd]),
  },
  {
    name: 'JSON nested 3,000 deep',
    method: 'POST',
    path: '/bff/platform/jobs',
    headers: { 'content-type': 'application/json' },
    body: deepJson(3_000),
  },
  { name: 'a route with a bug (500)', method: 'GET', path: '/bff/platform/jobs/buggy' },
];

describe('breakers open only for upstream sickness', () => {
  let jobs: HealthyService;
  let commerce: HealthyService;
  let media: HealthyService;
  let gateway: TestGateway;
  let gatewayServer: http.Server;
  let gatewayUrl: string;

  async function startGateway(env: Record<string, string>) {
    gateway = createTestGateway({
      env: { RATE_LIMIT_USER_PER_MINUTE: '100000', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000', ...env },
    });
    gatewayServer = http.createServer(gateway.app);
    await new Promise<void>((resolve) => gatewayServer.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`;
  }
  async function stopGateway() {
    gatewayServer.closeAllConnections();
    await new Promise<void>((resolve) => gatewayServer.close(() => resolve()));
    await gateway.close();
  }

  /** On a real socket: the bodies must go out byte for byte (supertest re-serialises Buffers). */
  let keyCounter = 0;
  async function send(user: string, request: Omit<Hostile, 'name'>) {
    const response = await fetch(gatewayUrl + request.path, {
      method: request.method,
      headers: {
        [TEST_USER_HEADER]: user,
        ...(request.method === 'POST' ? { 'idempotency-key': `key-${user}-${(keyCounter += 1)}-abcdef` } : {}),
        ...request.headers,
      },
      body: request.body,
    });
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
  }

  /** 0 closed, 1 open, per upstream (the gateway_upstream_breaker_state gauge). */
  const breakerStates = async (): Promise<Record<string, number>> => {
    const gauge = await gateway.metrics.registry.getSingleMetric('gateway_upstream_breaker_state')?.get();
    return Object.fromEntries((gauge?.values ?? []).map((v) => [String(v.labels.upstream), v.value]));
  };

  beforeAll(async () => {
    [jobs, commerce, media] = await Promise.all([
      startHealthyService('jobs'),
      startHealthyService('commerce'),
      startHealthyService('media'),
    ]);
  });
  afterAll(() => Promise.all([jobs.close(), commerce.close(), media.close()]));
  afterEach(() => stopGateway());

  it("one user's worst requests, 10 times over, never open a healthy upstream's breaker for another user", async () => {
    await startGateway({ JOBS_URL: jobs.url, COMMERCE_URL: commerce.url, MEDIA_URL: media.url });
    for (let round = 0; round < 10; round++) {
      for (const hostile of HOSTILE) {
        const answer = await send(ATTACKER, hostile);
        if (hostile.name === 'a route with a bug (500)') {
          // Still the gateway's own problem, not the service's body; but not counted by the breaker.
          expect(answer.status).toBe(502);
        } else {
          expect({ name: hostile.name, status: answer.status }).toEqual({ name: hostile.name, status: 400 });
        }
        expect(answer.type).toMatch(/^application\/problem\+json/);
      }
    }
    expect(await breakerStates()).toEqual({ jobs: 0, commerce: 0, media: 0 });
    // The gateway answered the malformed paths itself: none reached a service.
    for (const service of [jobs, commerce, media]) {
      expect(service.received.filter((path) => /%E0%A4%A|%zz|%00|%0d/i.test(path))).toEqual([]);
    }

    for (const path of [
      '/bff/platform/jobs/recent',
      '/bff/platform/api/commerce/credits',
      '/bff/platform/api/media/videos',
    ]) {
      expect({ path, status: (await send(VICTIM, { method: 'GET', path })).status }).toEqual({ path, status: 200 });
    }
    expect(
      (
        await send(VICTIM, {
          method: 'POST',
          path: '/bff/platform/jobs',
          headers: { 'content-type': 'application/json' },
          body: '{"prompt":"a cat"}',
        })
      ).status,
    ).toBe(201);
  });

  // Finding 1's other half: these answered 500 at the gateway itself (URIError from express).
  it.each([
    ['GET /thumbs/%E0%A4%A without a session', '/thumbs/%E0%A4%A', undefined],
    ['GET /video/%E0%A4%A signed in', '/video/%E0%A4%A', VICTIM],
    ['GET /thumbs/%zz signed in', '/thumbs/%zz', VICTIM],
    ['GET /blobs/videos/%E0%A4%A (public)', '/blobs/videos/%E0%A4%A?sig=x', undefined],
  ])('%s → 400 problem, nothing forwarded to media', async (_name, path, user) => {
    await startGateway({ MEDIA_URL: media.url });
    media.received.length = 0;
    const response = await fetch(gatewayUrl + path, { headers: user ? { [TEST_USER_HEADER]: user } : {} });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ type: '/problems/validation', correlationId: expect.any(String) });
    expect(media.received).toEqual([]);
  });

  it('a really failing upstream (503) still opens its breaker after 5 failures', async () => {
    const sick = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/problem+json' }).end('{"status":503}');
    });
    await new Promise<void>((resolve) => sick.listen(0, '127.0.0.1', resolve));
    try {
      await startGateway({ JOBS_URL: `http://127.0.0.1:${(sick.address() as AddressInfo).port}` });
      for (let i = 0; i < 4; i++)
        expect((await send(VICTIM, { method: 'GET', path: '/bff/platform/jobs/recent' })).status).toBe(502);
      expect((await breakerStates()).jobs).toBe(0);
      expect((await send(VICTIM, { method: 'GET', path: '/bff/platform/jobs/recent' })).status).toBe(502);
      expect((await breakerStates()).jobs).toBe(1);
      const open = await send(VICTIM, { method: 'GET', path: '/bff/platform/jobs/recent' });
      expect(open.status).toBe(503);
      expect(JSON.parse(open.body)).toMatchObject({ title: 'Temporarily unavailable' });
    } finally {
      sick.closeAllConnections();
      await new Promise<void>((resolve) => sick.close(() => resolve()));
    }
  });

  it('an unreachable upstream (connection refused) still opens its breaker after 5 failures', async () => {
    await startGateway({ JOBS_URL: await closedPortUrl() });
    for (let i = 0; i < 5; i++)
      expect((await send(VICTIM, { method: 'GET', path: '/bff/platform/jobs/recent' })).status).toBe(502);
    expect((await breakerStates()).jobs).toBe(1);
    expect((await send(VICTIM, { method: 'GET', path: '/bff/platform/jobs/recent' })).status).toBe(503);
  });
});
