import request from 'supertest';
import { createLogger } from '@kadr/telemetry';
import { requestPipeline } from '../../src/entry-points/http';
import { TestBrowser } from '../identity/helpers/browser';
import {
  DEMO_EMAIL,
  signInThroughProvider,
  startIdentityRig,
  webAppHeaders,
  type IdentityRig,
} from '../identity/helpers/identity-rig';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from './helpers/test-gateway';

const TELEMETRY = '/bff/telemetry';
const AT = '2025-01-02T03:04:05.000Z';

interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

/** A test gateway whose log lines are kept (debug and up) for the assertions. */
function gatewayWithLogs(options: TestGatewayOptions = {}): { gateway: TestGateway; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({
    service: 'auth-gateway',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { gateway: createTestGateway({ ...options, logger }), lines };
}

/** The value of one sample of the /metrics text, labels in any order (the `service` label aside); undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    delete found.service;
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

const validBatch = (userId = 'u1') => ({
  context: { userId, tenantId: null },
  metrics: [
    { type: 'web_vital', name: 'LCP', value: 1234, rating: 'good' },
    { type: 'web_vital', name: 'CLS', value: 0.02, rating: 'good' },
    {
      type: 'api_latency',
      method: 'GET',
      endpoint: '/bff/platform/jobs/3b9d2f4e-1111-4222-8333-444455556666',
      status: 200,
      ms: 87,
    },
    { type: 'api_latency', method: 'POST', endpoint: '/bff/platform/secret-thing/42?x=1', status: 0, ms: 30_000 },
  ],
  analytics: [
    { name: 'job_created', props: { durationSeconds: 5, quality: 'Standard', contactEmail: 'x@y.pl' }, at: AT },
    { name: 'page_view', props: { route: '/gallery' }, at: AT },
  ],
  logs: [
    {
      message: 'Failed for demo@kadr.local at /bff/platform/jobs?take=20&token=abc',
      stack: 'Error: boom\n    at send (https://kadr.test/assets/index-a1b2c3.js:1:200)',
      correlationId: 'c0ffee-123',
      path: '/gallery',
      context: { component: 'Gallery', csrfToken: 'abcdefabcdefabcdefabcdefabcdef0123456789' },
      at: AT,
    },
  ],
});

describe('POST /bff/telemetry', () => {
  let gateway: TestGateway;
  let lines: LogLine[];
  beforeEach(() => {
    ({ gateway, lines } = gatewayWithLogs());
  });
  afterEach(() => gateway.close());

  const post = (body: unknown, user: string | null = 'u1', key = `telemetry-${Math.random()}`) => {
    const req = request(gateway.app)
      .post(TELEMETRY)
      .set('Idempotency-Key', key)
      .send(body as object);
    return user ? req.set(TEST_USER_HEADER, user) : req;
  };
  // The registry METRICS_PORT serves (the app port has no /metrics).
  const metricsText = () => gateway.metrics.registry.metrics();

  it('answers 202 with the counts, records the metrics under bounded labels and logs errors and events', async () => {
    const res = await post(validBatch());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: { metrics: 4, analytics: 2, logs: 1 } });

    const text = await metricsText();
    expect(sample(text, 'client_web_vital_seconds_count', { name: 'LCP', rating: 'good' })).toBe(1);
    expect(sample(text, 'client_web_vital_seconds_sum', { name: 'LCP', rating: 'good' })).toBeCloseTo(1.234);
    expect(sample(text, 'client_cumulative_layout_shift_sum', { rating: 'good' })).toBeCloseTo(0.02);
    expect(
      sample(text, 'client_api_request_duration_seconds_count', {
        endpoint: '/bff/platform/jobs/:id',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBe(1);
    // An unknown path is `other`, never itself: no raw URL, id or query becomes a label.
    expect(
      sample(text, 'client_api_request_duration_seconds_count', {
        endpoint: 'other',
        method: 'POST',
        status_class: 'network',
      }),
    ).toBe(1);
    expect(text).not.toMatch(/3b9d2f4e|secret-thing/);
    expect(sample(text, 'client_analytics_events_total', { event: 'job_created' })).toBe(1);
    expect(sample(text, 'client_analytics_events_total', { event: 'page_view' })).toBe(1);
    expect(sample(text, 'client_errors_total')).toBe(1);

    const errorLine = lines.find((line) => line.msg === 'client error');
    expect(errorLine).toMatchObject({
      level: 'warn',
      userId: 'u1',
      tenantId: null,
      client: {
        message: 'Failed for [email] at /bff/platform/jobs?[query]',
        stack: expect.stringContaining('at send (https://kadr.test/assets/index-a1b2c3.js:1:200)'),
        correlationId: 'c0ffee-123',
        path: '/gallery',
        context: { component: 'Gallery', csrfToken: '[redacted]' },
        at: AT,
      },
    });
    // The line's own correlation id is this request's; the client's is the failed request's.
    expect(errorLine?.correlationId).toBe(res.headers['x-correlation-id']);
    const eventsLine = lines.find((line) => line.msg === 'client analytics events');
    expect(eventsLine).toMatchObject({
      level: 'info',
      userId: 'u1',
      events: [
        { name: 'job_created', at: AT, props: { durationSeconds: 5, quality: 'Standard', contactEmail: '[redacted]' } },
        { name: 'page_view', at: AT, props: { route: '/gallery' } },
      ],
    });
    const everything = JSON.stringify(lines);
    expect(everything).not.toMatch(/demo@kadr\.local|x@y\.pl|token=abc|abcdefabcdef/);
  });

  it('accepts a batch with only some kinds (each is sent only with its consent)', async () => {
    const res = await post({ context: { userId: 'u1', tenantId: 't1' }, logs: validBatch().logs });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: { metrics: 0, analytics: 0, logs: 1 } });
    const text = await metricsText();
    expect(sample(text, 'client_errors_total')).toBe(1);
    expect(text).not.toMatch(/client_analytics_events_total\{/);
  });

  it('ignores a batch queued for another user (attribution is by the session)', async () => {
    const res = await post(validBatch('someone-else'), 'u1');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: { metrics: 0, analytics: 0, logs: 0 } });
    expect(sample(await metricsText(), 'client_errors_total')).toBe(0);
    expect(lines.some((line) => line.msg === 'client error')).toBe(false);
  });

  it.each<[string, (batch: ReturnType<typeof validBatch>) => unknown, string]>([
    [
      'an unknown analytics event',
      (b) => ({ ...b, analytics: [{ name: 'clicked_anything', at: AT }] }),
      'analytics.0.name',
    ],
    ['more than 100 items of a kind', (b) => ({ ...b, metrics: Array(101).fill(b.metrics[0]) }), 'metrics'],
    ['a field nobody asked for', (b) => ({ ...b, cookies: 'x' }), '_'],
    [
      'a nested object in props',
      (b) => ({ ...b, analytics: [{ name: 'page_view', props: { a: { b: 1 } }, at: AT }] }),
      'analytics.0.props.a',
    ],
    [
      'more than 10 props',
      (b) => ({
        ...b,
        analytics: [
          { name: 'page_view', props: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])), at: AT },
        ],
      }),
      'analytics.0.props',
    ],
    ['a log path with a query', (b) => ({ ...b, logs: [{ ...b.logs[0], path: '/gallery?page=2' }] }), 'logs.0.path'],
    ['an over-long message', (b) => ({ ...b, logs: [{ ...b.logs[0], message: 'x'.repeat(501) }] }), 'logs.0.message'],
    [
      'an unknown vital',
      (b) => ({ ...b, metrics: [{ type: 'web_vital', name: 'FID', value: 1, rating: 'good' }] }),
      'metrics.0.name',
    ],
    [
      'a status that is not HTTP',
      (b) => ({ ...b, metrics: [{ type: 'api_latency', endpoint: '/health', status: 42, ms: 1 }] }),
      'metrics.0.status',
    ],
    ['no context', ({ context: _context, ...rest }) => rest, 'context'],
  ])('refuses %s with 400 validation and field errors, recording nothing', async (_what, mutate, field) => {
    const res = await post(mutate(validBatch()));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ type: '/problems/validation', status: 400, errors: expect.any(Object) });
    expect(Object.keys(res.body.errors as object)).toContain(field);
    const text = await metricsText();
    expect(sample(text, 'client_errors_total')).toBe(0);
    expect(text).not.toMatch(/client_web_vital_seconds_count/);
  });

  it('answers 401 signed out', async () => {
    const res = await post(validBatch(), null);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ type: '/problems/unauthorized' });
  });

  it('needs an Idempotency-Key like any /bff change, and a replay counts nothing twice', async () => {
    const missing = await request(gateway.app).post(TELEMETRY).set(TEST_USER_HEADER, 'u1').send(validBatch());
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('Idempotency-Key');

    const first = await post(validBatch(), 'u1', 'batch-key-1');
    const again = await post(validBatch(), 'u1', 'batch-key-1');
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(sample(await metricsText(), 'client_errors_total')).toBe(1);
  });
});

describe('POST /bff/telemetry rate limit', () => {
  it('has its own per-user budget (RATE_LIMIT_TELEMETRY_PER_MINUTE) on top of the per-user one', async () => {
    const { gateway } = gatewayWithLogs({ env: { RATE_LIMIT_TELEMETRY_PER_MINUTE: '2' } });
    try {
      const post = (user: string, n: number) =>
        request(gateway.app)
          .post(TELEMETRY)
          .set(TEST_USER_HEADER, user)
          .set('Idempotency-Key', `${user}-batch-${n}`)
          .send(validBatch(user));
      expect((await post('u1', 1)).status).toBe(202);
      expect((await post('u1', 2)).status).toBe(202);
      const limited = await post('u1', 3);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ type: '/problems/rate_limited' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another user's budget, and the same user's other calls, are untouched.
      expect((await post('u2', 1)).status).toBe(202);
      expect((await request(gateway.app).get('/bff/platform/api/flags').set(TEST_USER_HEADER, 'u1')).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});

describe('POST /bff/telemetry in the OpenAPI document', () => {
  it('is documented with its body, 202 answer, Idempotency-Key and CSRF', async () => {
    const gateway = createTestGateway();
    try {
      const doc = (await request(gateway.app).get('/bff/openapi.json')).body;
      const operation = doc.paths['/bff/telemetry'].post;
      expect(operation.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/TelemetryBatch',
      });
      expect(operation.responses['202'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/TelemetryAccepted',
      });
      expect(operation.parameters).toEqual(
        expect.arrayContaining([
          { $ref: '#/components/parameters/IdempotencyKey' },
          { $ref: '#/components/parameters/CsrfToken' },
        ]),
      );
      expect(operation.security).toEqual([{ session: [] }]);
      expect(doc.components.schemas.TelemetryBatch.properties.analytics.maxItems).toBe(100);
    } finally {
      await gateway.close();
    }
  });
});

describe('POST /bff/telemetry behind the real session and CSRF rules', () => {
  let rig: IdentityRig;
  const demo = new TestBrowser();
  beforeAll(async () => {
    rig = await startIdentityRig({ pipeline: requestPipeline });
    await signInThroughProvider(demo, rig, DEMO_EMAIL);
  });
  afterAll(() => rig.close());

  const send = (browser: TestBrowser, headers: Record<string, string>, userId = 'nobody') =>
    browser.request(`${rig.gatewayUrl}${TELEMETRY}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ context: { userId, tenantId: null }, analytics: [{ name: 'page_view', at: AT }] }),
    });

  it('answers 401 to a browser that is not signed in', async () => {
    const res = await send(new TestBrowser(), {
      'content-type': 'application/json',
      origin: rig.gatewayUrl,
      'idempotency-key': 'anonymous-batch-1',
    });
    expect(res.status).toBe(401);
  });

  it('answers 403 without the CSRF token, 202 with it (and the Idempotency-Key)', async () => {
    const me = (await (await demo.request(`${rig.gatewayUrl}/auth/session`)).json()) as { user: { id: string } };
    const withoutCsrf = await send(
      demo,
      { ...webAppHeaders(demo, rig), 'x-csrf-token': '', 'idempotency-key': 'demo-batch-0' },
      me.user.id,
    );
    expect(withoutCsrf.status).toBe(403);
    const res = await send(demo, webAppHeaders(demo, rig, { 'idempotency-key': 'demo-batch-1' }), me.user.id);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: { metrics: 0, analytics: 1, logs: 0 } });
  });
});
