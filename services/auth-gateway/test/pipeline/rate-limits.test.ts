import request from 'supertest';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';
import { metricValue } from '@kadr/tooling/test-helpers';

const FLAGS = '/bff/platform/api/flags';

describe('rate limits', () => {
  let gateway: TestGateway;
  beforeEach(() => {
    gateway = createTestGateway({
      env: { RATE_LIMIT_USER_PER_MINUTE: '3', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '2' },
    });
  });
  afterEach(() => gateway.close());

  const asUser = (user: string) => request(gateway.app).get(FLAGS).set(TEST_USER_HEADER, user);
  const rejections = (limit: string) =>
    metricValue(gateway.metrics.registry, 'gateway_rate_limit_rejections_total', { limit });

  it('answers 429 rate_limited with Retry-After and the wait in the detail once a user is over the budget', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await asUser('u1');
      expect(ok.status).toBe(200);
      expect(ok.headers['ratelimit-limit']).toBe('3');
      expect(ok.headers['ratelimit-remaining']).toBe(String(2 - i));
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await asUser('u1');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/application\/problem\+json/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toMatchObject({
      type: '/problems/rate_limited',
      title: 'Too many requests',
      status: 429,
      detail: `Please wait ${retryAfter} seconds before trying again.`,
      correlationId: limited.headers['x-correlation-id'],
    });
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(await rejections('user')).toBe(1);
  });

  it('gives every user their own budget', async () => {
    for (let i = 0; i < 4; i++) await asUser('u1');
    expect((await asUser('u2')).status).toBe(200);
  });

  it('limits signed-out callers per IP with the anonymous budget', async () => {
    expect((await request(gateway.app).get(FLAGS)).status).toBe(200);
    expect((await request(gateway.app).get(FLAGS)).status).toBe(200);
    const limited = await request(gateway.app).get(FLAGS);
    expect(limited.status).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe('2');
    // A signed-in user from the same address has their own budget.
    expect((await asUser('u1')).status).toBe(200);
    expect([await rejections('ip'), await rejections('user')]).toEqual([1, 0]);
  });

  it('limits /auth/login per IP', async () => {
    expect((await request(gateway.app).get('/auth/login')).status).toBe(302);
    expect((await request(gateway.app).get('/auth/login')).status).toBe(302);
    const limited = await request(gateway.app).get('/auth/login');
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('/problems/rate_limited');
    expect(await rejections('login-ip')).toBe(1);
  });

  it('never limits health (metrics have a port of their own)', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await request(gateway.app).get('/health')).status).toBe(200);
      expect((await request(gateway.app).get('/health/ready')).status).toBe(200);
    }
  });

  it('limits every /bff request, replays and failures included', async () => {
    for (let i = 0; i < 3; i++) await request(gateway.app).get('/bff/platform/nowhere').set(TEST_USER_HEADER, 'u3');
    expect((await asUser('u3')).status).toBe(429);
  });
});
