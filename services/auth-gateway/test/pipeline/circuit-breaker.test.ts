import request from 'supertest';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { closedPortUrl, startFakeUpstream, type FakeHandler, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

/**
 * cockatiel decides "open → half-open" from Date.now() when the next call arrives, so only Date is
 * faked: the HTTP servers, sockets and time-outs keep their real timers, and moving the system
 * time 30 s ahead is exactly what the breaker sees.
 */
const EVERYTHING_BUT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

const OPEN_MS = 30_000;

describe('circuit breaker per upstream', () => {
  let jobs: FakeUpstream;
  let commerce: FakeUpstream;
  let gateway: TestGateway;
  let healthy = false;
  const failingUntilHealthy: FakeHandler = (_req, res) => {
    if (healthy) res.json({ data: [] });
    else res.status(503).json({ down: true });
  };

  beforeAll(async () => {
    jobs = await startFakeUpstream('jobs');
    commerce = await startFakeUpstream('commerce');
  });
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: [...EVERYTHING_BUT_DATE], now: new Date('2025-03-01T10:00:00Z') });
    healthy = false;
    jobs.received.length = 0;
    jobs.answer(failingUntilHealthy);
    gateway = createTestGateway({ env: { JOBS_URL: jobs.url, COMMERCE_URL: commerce.url } });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await gateway.close();
  });
  afterAll(() => Promise.all([jobs.close(), commerce.close()]));

  const callJobs = () => request(gateway.app).get('/bff/platform/jobs/active').set(TEST_USER_HEADER, 'u1');
  const breakerGauge = async () =>
    /gateway_upstream_breaker_state\{[^}]*upstream="jobs"[^}]*\} (\d)/.exec(
      await gateway.metrics.registry.metrics(),
    )?.[1];

  it('opens after 5 consecutive failures, answers 503 "Temporarily unavailable" without calling, and half-opens after 30 s', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await callJobs();
      expect(res.status).toBe(502);
      expect(res.body.type).toBe('/problems/backend_http');
    }
    expect(jobs.received).toHaveLength(5);
    expect(await breakerGauge()).toBe('1');

    const open = await callJobs();
    expect(open.status).toBe(503);
    expect(open.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(open.body).toMatchObject({
      type: '/problems/service_unavailable',
      title: 'Temporarily unavailable',
      status: 503,
      detail: expect.not.stringMatching(/jobs|127\.0\.0\.1|breaker/i),
    });
    expect(jobs.received).toHaveLength(5);

    // Other upstreams have their own breaker.
    expect(
      (await request(gateway.app).get('/bff/platform/api/commerce/credits').set(TEST_USER_HEADER, 'u1')).status,
    ).toBe(200);

    healthy = true;
    jest.setSystemTime(Date.now() + OPEN_MS - 1_000);
    expect((await callJobs()).status).toBe(503);
    expect(jobs.received).toHaveLength(5);

    jest.setSystemTime(Date.now() + 1_001);
    const probe = await callJobs();
    expect(probe.status).toBe(200);
    expect(jobs.received).toHaveLength(6);
    expect(await breakerGauge()).toBe('0');
    expect((await callJobs()).status).toBe(200);
    expect(jobs.received).toHaveLength(7);
  });

  it('opens again at once when the half-open test call fails', async () => {
    for (let i = 0; i < 5; i++) await callJobs();
    jest.setSystemTime(Date.now() + OPEN_MS + 1);
    expect((await callJobs()).status).toBe(502);
    expect(jobs.received).toHaveLength(6);
    expect(await breakerGauge()).toBe('1');
    expect((await callJobs()).status).toBe(503);
    expect(jobs.received).toHaveLength(6);
  });

  it('counts only consecutive failures: a success in between resets the count; 4xx are not failures', async () => {
    let calls = 0;
    jobs.answer((_req, res) => {
      calls += 1;
      if (calls === 5) res.json({ data: [] });
      else if (calls <= 8) res.status(503).json({});
      else res.status(404).json({});
    });
    for (let i = 0; i < 11; i++) await callJobs();
    // 4 failures, a success, 3 failures, 3 not-founds: never 5 in a row.
    expect(jobs.received).toHaveLength(11);
    expect(await breakerGauge()).toBe('0');
  });

  it('counts time-outs and connection errors as failures', async () => {
    await gateway.close();
    jobs.answer(() => undefined); // never answers
    gateway = createTestGateway({ env: { JOBS_URL: jobs.url, UPSTREAM_TIMEOUT_MS: '50' } });
    for (let i = 0; i < 5; i++) expect((await callJobs()).status).toBe(504);
    expect((await callJobs()).body.title).toBe('Temporarily unavailable');

    await gateway.close();
    gateway = createTestGateway({ env: { JOBS_URL: await closedPortUrl() } });
    for (let i = 0; i < 5; i++) expect((await callJobs()).status).toBe(502);
    expect((await callJobs()).body.title).toBe('Temporarily unavailable');
  });
});
