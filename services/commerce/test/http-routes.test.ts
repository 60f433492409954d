import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  CreateOrderResponseSchema,
  EntitlementsResponseSchema,
  HoldResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  PackagesResponseSchema,
  PlansResponseSchema,
  ReconciliationResponseSchema,
  SubscriptionDetailsResponseSchema,
  SubscriptionResponseSchema,
  TpayDiagnosticsResponseSchema,
  CreditsResponseSchema,
  PURCHASABLE_PLAN_IDS,
} from '@kadr/contracts';
import { PLANS } from '../src/domain/catalogue/catalogue';
import { bearer, createHarness, eventually, serviceToken, userToken, type Harness } from './support/commerce-harness';

describe('commerce HTTP routes (memory, mock provider)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(() => h.close());

  const asUser = async (userId: string, roles?: string[]) => bearer(userToken(userId, roles));
  const asJobs = async () => bearer(serviceToken('jobs'));

  describe('authentication', () => {
    it('refuses calls without a valid internal token (401) and a token for another audience', async () => {
      await request(h.app).get('/api/commerce/credits').expect(401);
      const res = await request(h.app)
        .get('/internal/holds/x?userId=u')
        .set('authorization', 'Bearer nope')
        .expect(401);
      expect(res.body).toMatchObject({ type: '/problems/unauthorized' });
    });

    it('answers /health without a token', async () => {
      await request(h.app).get('/health').expect(200);
    });
  });

  describe('catalogue (public, via the gateway’s service token)', () => {
    it('lists packages and plans in grosze; enterprise is not purchasable', async () => {
      const packages = await request(h.app)
        .get('/api/commerce/packages')
        .set('authorization', await bearer(serviceToken('auth-gateway')))
        .expect(200);
      expect(
        PackagesResponseSchema.parse(packages.body).data.map((p) => [p.id, p.credits, p.price.amountMinor]),
      ).toEqual([
        ['credits-100', 100, 1900],
        ['credits-300', 300, 4900],
        ['credits-1000', 1000, 14900],
      ]);
      const plans = await request(h.app)
        .get('/api/commerce/plans')
        .set('authorization', await asUser('u'))
        .expect(200);
      const parsed = PlansResponseSchema.parse(plans.body).data;
      expect(parsed.map((p) => [p.id, p.monthlyGenerations, p.maxResolution, p.purchasable])).toEqual([
        ['starter', 50, '720p', true],
        ['pro', 500, '1080p', true],
        ['enterprise', null, '2160p', false],
      ]);
    });
  });

  describe('credits and subscription', () => {
    it('opens the account with the welcome grant on first read', async () => {
      const res = await request(h.app)
        .get('/api/commerce/credits')
        .set('authorization', await asUser('alice'))
        .expect(200);
      expect(CreditsResponseSchema.parse(res.body)).toEqual({
        data: { balance: 50, currency: 'credits', heldCredits: 0 },
      });
    });

    it('refuses a service token on user routes (403)', async () => {
      const res = await request(h.app)
        .get('/api/commerce/credits')
        .set('authorization', await asJobs())
        .expect(403);
      expect(res.body.type).toBe('/problems/forbidden');
    });

    it('shows no plan, then a paid plan, then cancel keeps it until the period end', async () => {
      const auth = await asUser('bob');
      const none = await request(h.app).get('/api/commerce/subscription').set('authorization', auth).expect(200);
      expect(SubscriptionResponseSchema.parse(none.body).data).toEqual({
        plan: null,
        status: 'none',
        allowance: null,
        maxResolution: '720p',
      });
      await request(h.app).post('/api/commerce/subscription/cancel').set('authorization', auth).expect(409);

      const order = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .set('idempotency-key', 'k1')
        .send({ planId: 'pro' })
        .expect(201);
      const orderId = CreateOrderResponseSchema.parse(order.body).data.orderId;
      await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', auth)
        .send({ orderId, outcome: 'success' })
        .expect(200);
      const active = await eventually(async () => {
        const res = await request(h.app).get('/api/commerce/subscription').set('authorization', auth).expect(200);
        expect(res.body.data.plan).toBe('pro');
        return SubscriptionDetailsResponseSchema.parse(res.body).data;
      });
      expect(active).toMatchObject({
        status: 'active',
        tier: 'PRO',
        maxResolution: '1080p',
        allowance: { limit: 500, used: 0 },
      });

      const cancelled = await request(h.app)
        .post('/api/commerce/subscription/cancel')
        .set('authorization', auth)
        .expect(200);
      expect(SubscriptionDetailsResponseSchema.parse(cancelled.body).data).toMatchObject({
        plan: 'pro',
        status: 'cancelled',
        cancelAtPeriodEnd: true,
        allowance: { periodEnd: active.allowance?.periodEnd },
      });
      await request(h.app).post('/api/commerce/subscription/cancel').set('authorization', auth).expect(200);
    });
  });

  describe('orders', () => {
    it('creates an order with a mock payment URL; the same key answers the same order', async () => {
      const auth = await asUser('carol');
      const first = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .set('idempotency-key', 'same-key')
        .send({ packageId: 'credits-300' })
        .expect(201);
      const { orderId, paymentUrl } = CreateOrderResponseSchema.parse(first.body).data;
      expect(paymentUrl).toBe(`http://kadr.test/payment/mock-process?orderId=${orderId}`);
      const again = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .set('idempotency-key', 'same-key')
        .send({ packageId: 'credits-300' })
        .expect(200);
      expect(again.body.data.orderId).toBe(orderId);
      const reused = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .set('idempotency-key', 'same-key')
        .send({ packageId: 'credits-100' })
        .expect(422);
      expect(reused.body.type).toBe('/problems/idempotency_key_reuse');

      const status = await request(h.app).get(`/api/commerce/orders/${orderId}`).set('authorization', auth).expect(200);
      expect(OrderResponseSchema.parse(status.body).data).toMatchObject({
        id: orderId,
        status: 'pending',
        kind: 'package',
        credits: 300,
        price: { amountMinor: 4900, currency: 'PLN' },
        provider: 'mock',
      });
    });

    it('shows an order to its owner only', async () => {
      const { body } = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', await asUser('dave'))
        .send({ packageId: 'credits-100' })
        .expect(201);
      await request(h.app)
        .get(`/api/commerce/orders/${body.data.orderId}`)
        .set('authorization', await asUser('eve'))
        .expect(404);
      await request(h.app)
        .get(`/api/commerce/orders/${randomUUID()}`)
        .set('authorization', await asUser('dave'))
        .expect(404);
    });

    it('lists the owner’s orders newest first, paged, and nobody else’s', async () => {
      const auth = await asUser('grace');
      const ids: string[] = [];
      for (const packageId of ['credits-100', 'credits-300', 'credits-1000']) {
        const { body } = await request(h.app)
          .post('/api/commerce/payment/create-order')
          .set('authorization', auth)
          .send({ packageId })
          .expect(201);
        ids.unshift(body.data.orderId as string);
      }
      await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', await asUser('heidi'))
        .send({ packageId: 'credits-100' })
        .expect(201);
      const page = async (query: string) =>
        OrderListResponseSchema.parse(
          (await request(h.app).get(`/api/commerce/orders?${query}`).set('authorization', auth).expect(200)).body,
        );
      const first = await page('skip=0&take=2');
      expect(first).toMatchObject({ total: 3, skip: 0, take: 2 });
      expect(first.items.map((o) => o.id)).toEqual(ids.slice(0, 2));
      expect(first.items[0]).toMatchObject({ kind: 'package', packageId: 'credits-1000', status: 'pending' });
      expect((await page('skip=2&take=2')).items.map((o) => o.id)).toEqual(ids.slice(2));
      expect((await page('')).items).toHaveLength(3);
      const stranger = OrderListResponseSchema.parse(
        (
          await request(h.app)
            .get('/api/commerce/orders')
            .set('authorization', await asUser('ivan'))
            .expect(200)
        ).body,
      );
      expect(stranger).toEqual({ items: [], total: 0, skip: 0, take: 20 });
      const bad = await request(h.app).get('/api/commerce/orders?take=0').set('authorization', auth).expect(400);
      expect(bad.body).toMatchObject({ type: '/problems/validation', errors: { take: expect.any(String) } });
      await request(h.app)
        .get('/api/commerce/orders')
        .set('authorization', await asJobs())
        .expect(403);
    });

    it('validates the body (400 with field errors) and refuses enterprise (custom pricing)', async () => {
      const auth = await asUser('frank');
      const bad = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .send({ packageId: 'credits-7' })
        .expect(400);
      // Not one of the catalogue's package ids (an enum in the contract): the body matches neither shape.
      expect(bad.body).toMatchObject({ type: '/problems/validation', errors: expect.any(Object) });
      await request(h.app).post('/api/commerce/payment/create-order').set('authorization', auth).send({}).expect(400);
      await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .send({ packageId: 'credits-100', planId: 'pro' })
        .expect(400);
      const enterprise = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .send({ planId: 'enterprise' })
        .expect(400);
      expect(enterprise.body.errors.planId).toBe('Enterprise has custom pricing: please contact us.');
      // The document's enum of purchasable plans is the catalogue's.
      expect(PLANS.filter((plan) => plan.purchasable).map((plan) => plan.id)).toEqual([...PURCHASABLE_PLAN_IDS]);
    });

    it('mock-process: success pays once, a failure after it conflicts, another user’s order is not found', async () => {
      const auth = await asUser('gina');
      const { body } = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .send({ packageId: 'credits-100' })
        .expect(201);
      const orderId = body.data.orderId as string;
      await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', await asUser('hank'))
        .send({ orderId, outcome: 'success' })
        .expect(404);
      const paid = await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', auth)
        .send({ orderId, outcome: 'success' })
        .expect(200);
      expect(paid.body.data).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
      await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', auth)
        .send({ orderId, outcome: 'success' })
        .expect(200);
      await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', auth)
        .send({ orderId, outcome: 'failure' })
        .expect(409);
      await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', auth)
        .send({ orderId, outcome: 'maybe' })
        .expect(400);
    });

    it('tpay/diag: mock active, Tpay not configured, no configuration details', async () => {
      const res = await request(h.app)
        .get('/api/commerce/payment/tpay/diag')
        .set('authorization', await asUser('ivy', ['user', 'admin']))
        .expect(200);
      expect(TpayDiagnosticsResponseSchema.parse(res.body).data).toEqual({
        provider: 'mock',
        tpay: { configured: false, environment: null, tokenObtainable: null, lastError: null },
      });
    });
  });

  describe('internal API', () => {
    it('holds for the jobs service: 201 new, 200 repeat, 402 insufficient, lookup by job', async () => {
      const jobs = await asJobs();
      const body = { jobId: 'job-1', userId: 'ken', amount: 20, resolution: 720 };
      const created = await request(h.app).post('/internal/holds').set('authorization', jobs).send(body).expect(201);
      expect(HoldResponseSchema.parse(created.body).data).toEqual({
        holdId: 'job-1',
        takenFrom: 'credits',
        amount: 20,
        state: 'held',
      });
      await request(h.app).post('/internal/holds').set('authorization', jobs).send(body).expect(200);
      const refused = await request(h.app)
        .post('/internal/holds')
        .set('authorization', jobs)
        .send({ ...body, jobId: 'job-2', amount: 31 })
        .expect(402);
      expect(refused.body).toMatchObject({ type: '/problems/insufficient_credits', title: 'Insufficient credits' });
      await request(h.app)
        .post('/internal/holds')
        .set('authorization', jobs)
        .send({ ...body, resolution: '4k' })
        .expect(400);
      // A next generation while generation 1 is open: 409 conflict; a generation below 1: 400.
      const early = await request(h.app)
        .post('/internal/holds')
        .set('authorization', jobs)
        .send({ ...body, generation: 2 })
        .expect(409);
      expect(early.body).toMatchObject({ type: '/problems/conflict' });
      await request(h.app)
        .post('/internal/holds')
        .set('authorization', jobs)
        .send({ ...body, generation: 0 })
        .expect(400);
      const found = await request(h.app).get('/internal/holds/job-1?userId=ken').set('authorization', jobs).expect(200);
      expect(found.body.data.state).toBe('held');
      await request(h.app).get('/internal/holds/nope?userId=ken').set('authorization', jobs).expect(404);
      await request(h.app).get('/internal/holds/job-1').set('authorization', jobs).expect(400);
      // The administrator's job detail (composed by the admin service) may read it; a plain user may not.
      const asAdmin = await asUser('admin-1', ['user', 'admin']);
      const forAdmin = await request(h.app)
        .get('/internal/holds/job-1?userId=ken')
        .set('authorization', asAdmin)
        .expect(200);
      expect(forAdmin.body.data).toEqual(found.body.data);
      await request(h.app)
        .get('/internal/holds/job-1?userId=ken')
        .set('authorization', await asUser('ken'))
        .expect(403);
    });

    it('refuses holds from users and other services', async () => {
      const body = { jobId: 'j', userId: 'u', amount: 1, resolution: '720p' };
      await request(h.app)
        .post('/internal/holds')
        .set('authorization', await asUser('u'))
        .send(body)
        .expect(403);
      await request(h.app)
        .post('/internal/holds')
        .set('authorization', await bearer(serviceToken('media')))
        .send(body)
        .expect(403);
    });

    it('entitlements: FREE without a plan', async () => {
      const res = await request(h.app)
        .get('/internal/users/lena/entitlements')
        .set('authorization', await asJobs())
        .expect(200);
      expect(EntitlementsResponseSchema.parse(res.body).data).toEqual({
        userId: 'lena',
        plan: null,
        tier: 'FREE',
        maxResolution: '720p',
        allowance: null,
        credits: { balance: 50, currency: 'credits', heldCredits: 0, available: 50 },
      });
    });

    it('reconciliation: for the administrator and services, not for users', async () => {
      const jobs = await asJobs();
      await request(h.app)
        .post('/internal/holds')
        .set('authorization', jobs)
        .send({ jobId: 'j1', userId: 'max', amount: 5, resolution: '720p' })
        .expect(201);
      const res = await request(h.app)
        .get('/internal/reconciliation/max')
        .set('authorization', await asUser('root', ['user', 'admin']))
        .expect(200);
      expect(ReconciliationResponseSchema.parse(res.body).data).toMatchObject({
        ok: true,
        balance: 50,
        held: 5,
        openHolds: 5,
        problems: [],
      });
      await request(h.app).get('/internal/reconciliation/max').set('authorization', jobs).expect(200);
      await request(h.app)
        .get('/internal/reconciliation/max')
        .set('authorization', await asUser('max'))
        .expect(403);
      await request(h.app).get('/internal/reconciliation/nobody').set('authorization', jobs).expect(404);
    });
  });
});
