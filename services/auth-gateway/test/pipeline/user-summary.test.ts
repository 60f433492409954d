import request from 'supertest';
import type { CreditsResponse, SubscriptionResponse, UserLanguageResponse } from '@kadr/contracts';
import { UserSummarySchema } from '../../src/domain/summary';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { closedPortUrl, deferred, startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

const SUMMARY = '/bff/platform/api/users/me/summary';

const credits: CreditsResponse = { data: { balance: 120, currency: 'credits', heldCredits: 20 } };
const proPlan: SubscriptionResponse = {
  data: {
    plan: 'pro',
    status: 'active',
    allowance: { limit: 500, used: 42, periodEnd: '2025-04-01T00:00:00.000Z' },
    maxResolution: '1080p',
  },
};
const english: UserLanguageResponse = { data: { language: 'en' } };

/**
 * Local fakes of commerce and i18n: real HTTP servers that accept only the internal token for
 * their own audience and answer the shapes of the contracts in @kadr/contracts.
 */
describe('GET /bff/platform/api/users/me/summary', () => {
  let commerce: FakeUpstream;
  let i18n: FakeUpstream;
  let gateway: TestGateway;
  const hold = deferred();

  beforeAll(async () => {
    commerce = await startFakeUpstream('commerce');
    i18n = await startFakeUpstream('i18n');
  });
  beforeEach(() => {
    commerce.received.length = 0;
    i18n.received.length = 0;
    commerce.answer((req, res) => {
      if (req.path === '/api/commerce/credits') res.json(credits);
      else if (req.path === '/api/commerce/subscription') res.json(proPlan);
      else res.status(404).end();
    });
    i18n.answer((req, res) => {
      if (req.path === '/api/i18n/user-language') res.json(english);
      else res.status(404).end();
    });
    gateway = createTestGateway({
      env: { COMMERCE_URL: commerce.url, I18N_URL: i18n.url, UPSTREAM_TIMEOUT_MS: '300' },
    });
  });
  afterEach(() => gateway.close());
  afterAll(async () => {
    hold.resolve();
    await Promise.all([commerce.close(), i18n.close()]);
  });

  const summaryOf = (user = 'u1') => request(gateway.app).get(SUMMARY).set(TEST_USER_HEADER, user);

  it('composes the user, commerce and i18n into the ARCHITECTURE §6 shape', async () => {
    const res = await summaryOf('tenant-user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: 'tenant-user',
        tenantId: 'tenant-1',
        tier: 'PRO',
        plan: 'pro',
        preferredLanguage: 'en',
        maxResolution: '1080p',
        allowance: { limit: 500, used: 42, periodEnd: '2025-04-01T00:00:00.000Z' },
        credits: { balance: 120, currency: 'credits', heldCredits: 20 },
      },
    });
    expect(UserSummarySchema.parse(res.body)).toEqual(res.body);
  });

  it("calls each service with the user's token for that service, and the correlation id", async () => {
    await summaryOf('u1').set('x-correlation-id', 'corr-summary-001');
    expect(commerce.received.map((r) => r.url).sort()).toEqual(['/api/commerce/credits', '/api/commerce/subscription']);
    expect(i18n.received.map((r) => r.url)).toEqual(['/api/i18n/user-language']);
    for (const received of [...commerce.received, ...i18n.received]) {
      expect(received.caller).toMatchObject({ kind: 'user', userId: 'u1', email: 'u1@example.test' });
      expect(received.headers['x-correlation-id']).toBe('corr-summary-001');
      expect(received.headers.cookie).toBeUndefined();
    }
  });

  it('asks the services in parallel', async () => {
    const arrived: string[] = [];
    const allThree = deferred();
    const wait = async (path: string) => {
      arrived.push(path);
      if (arrived.length === 3) allThree.resolve();
      await allThree.promise;
    };
    commerce.answer(async (req, res) => {
      await wait(req.path);
      res.json(req.path.endsWith('/credits') ? credits : proPlan);
    });
    i18n.answer(async (req, res) => {
      await wait(req.path);
      res.json(english);
    });
    // Would time out (300 ms) if the calls ran one after another.
    const res = await summaryOf();
    expect(res.status).toBe(200);
    expect(res.body.meta).toBeUndefined();
  });

  it.each([
    [null, 'FREE', '720p'],
    ['starter', 'PRO', '720p'],
    ['pro', 'PRO', '1080p'],
    ['enterprise', 'ENTERPRISE', '2160p'],
  ] as const)('maps plan %s to tier %s', async (plan, tier, maxResolution) => {
    commerce.answer((req, res) => {
      if (req.path.endsWith('/credits')) res.json(credits);
      else
        res.json({
          data: {
            plan,
            status: plan ? 'active' : 'none',
            allowance: plan
              ? { limit: plan === 'enterprise' ? null : 50, used: 0, periodEnd: '2025-04-01T00:00:00Z' }
              : null,
            maxResolution,
          },
        } satisfies SubscriptionResponse);
    });
    const res = await summaryOf();
    expect(res.body.data).toMatchObject({ plan, tier, maxResolution });
  });

  it('still answers 200 when i18n is down: default language pl, and says what is missing', async () => {
    const down = createTestGateway({ env: { COMMERCE_URL: commerce.url, I18N_URL: await closedPortUrl() } });
    try {
      const res = await request(down.app).get(SUMMARY).set(TEST_USER_HEADER, 'u1');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ tier: 'PRO', preferredLanguage: 'pl', credits: credits.data });
      expect(res.body.meta).toEqual({ partial: true, missing: ['preferredLanguage'] });
    } finally {
      await down.close();
    }
  });

  it('still answers 200, in time, when commerce is slow: defaults for plan and credits', async () => {
    commerce.answer(async () => {
      await hold.promise; // never within the test
    });
    const started = Date.now();
    const res = await summaryOf();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: 'u1',
        tenantId: null,
        tier: 'FREE',
        plan: null,
        preferredLanguage: 'en',
        maxResolution: '720p',
        allowance: null,
        credits: null,
      },
      meta: { partial: true, missing: ['credits', 'subscription'] },
    });
  });

  it('treats an answer off the contract as missing', async () => {
    commerce.answer((req, res) => {
      if (req.path.endsWith('/credits')) res.json({ data: { balance: 'lots' } });
      else res.json(proPlan);
    });
    const res = await summaryOf();
    expect(res.status).toBe(200);
    expect(res.body.data.credits).toBeNull();
    expect(res.body.meta.missing).toEqual(['credits']);
  });

  it('answers from defaults alone when no service is configured', async () => {
    const bare = createTestGateway();
    try {
      const res = await request(bare.app).get(SUMMARY).set(TEST_USER_HEADER, 'u1');
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ partial: true, missing: ['credits', 'subscription', 'preferredLanguage'] });
      expect(res.body.data).toMatchObject({ tier: 'FREE', preferredLanguage: 'pl', maxResolution: '720p' });
    } finally {
      await bare.close();
    }
  });

  it('needs a session', async () => {
    const res = await request(gateway.app).get(SUMMARY);
    expect(res.status).toBe(401);
    expect(res.body.type).toBe('/problems/unauthorized');
  });
});
