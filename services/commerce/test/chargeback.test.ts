/**
 * The administrator marks a paid order refunded after a chargeback (issue 20): the order changes once
 * (replays of its key answer it, another key is refused), what it granted is taken back once — never held
 * credits, never below zero, the rest recorded as the shortfall — and a crash between the order's change and
 * the account's leaves work the relay finishes, never half a chargeback. The ledger still reconciles.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  AdminOrderSchema,
  BillingLedgerResponseSchema,
  ChargebackResponseSchema,
  CreateOrderResponseSchema,
  JobProgressKind,
  ReconciliationResponseSchema,
  SubscriptionDetailsResponseSchema,
  UserOrdersPageSchema,
} from '@kadr/contracts';
import { takeBackIdOf } from '../src/domain/orders/chargebacks';
import {
  bearer,
  createHarness,
  eventually,
  metricValue,
  serviceToken,
  userToken,
  type Harness,
} from './support/commerce-harness';

const WELCOME = 50;
const PACKAGE_CREDITS = 100;

describe('chargebacks (memory)', () => {
  let h: Harness;
  /** The administrator's authorization header. */
  let admin: string;
  beforeEach(async () => {
    admin = await bearer(userToken('the-admin', ['user', 'admin']));
  });
  afterEach(() => h.close());

  const asUser = (userId: string) => bearer(userToken(userId));
  const metric = (name: string, labels: Record<string, string> = {}) => metricValue(h.metrics.registry, name, labels);

  /** Buys `product` through the mock provider: the order is paid (its credits arrive with `payment.completed`). */
  async function paidOrder(userId: string, product: object = { packageId: 'credits-100' }): Promise<string> {
    const auth = await asUser(userId);
    const created = await request(h.app)
      .post('/api/commerce/payment/create-order')
      .set('authorization', auth)
      .set('idempotency-key', randomUUID())
      .send(product)
      .expect(201);
    const { orderId } = CreateOrderResponseSchema.parse(created.body).data;
    await request(h.app)
      .post('/api/commerce/payment/mock-process')
      .set('authorization', auth)
      .send({ orderId, outcome: 'success' })
      .expect(200);
    return orderId;
  }

  const applied = (userId: string, orderId: string) =>
    eventually(async () => expect((await h.adapters.accounts.get(userId))?.appliedOrderIds).toContain(orderId));

  function chargeBack(orderId: string, key: string | null, body: object = { reason: 'Card issuer reversed' }) {
    const call = request(h.app).post(`/internal/orders/${orderId}/chargeback`).set('authorization', admin);
    return (key === null ? call : call.set('idempotency-key', key)).send(body);
  }

  async function reconciled(userId: string) {
    await h.relay.drain();
    const res = await request(h.app).get(`/internal/reconciliation/${userId}`).set('authorization', admin).expect(200);
    return ReconciliationResponseSchema.parse(res.body).data;
  }

  describe('with the relay and consumers running', () => {
    beforeEach(async () => {
      h = await createHarness();
    });

    it('marks a paid order refunded once for replays of one key: 201, then 200 with the same order', async () => {
      const userId = `u-${randomUUID()}`;
      const orderId = await paidOrder(userId);
      await applied(userId, orderId);

      const answers = await Promise.all(Array.from({ length: 5 }, () => chargeBack(orderId, 'cb-1')));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
      const orders = answers.map((a) => ChargebackResponseSchema.parse(a.body).data);
      for (const order of orders) {
        expect(order).toMatchObject({
          id: orderId,
          userId,
          status: 'refunded',
          chargeback: {
            reason: 'Card issuer reversed',
            markedBy: 'the-admin',
            takenCredits: PACKAGE_CREDITS,
            shortfallCredits: 0,
            planEndsAt: null,
          },
        });
        expect(order.chargeback?.settledAt).not.toBeNull();
      }
      const again = await chargeBack(orderId, 'cb-1').expect(200);
      expect(again.body).toEqual(answers.find((a) => a.status === 201)?.body);

      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: WELCOME, held: 0, available: WELCOME });
      expect((await h.adapters.accounts.get(userId))?.appliedOrderIds).toContain(takeBackIdOf(orderId));
      expect(await metric('chargebacks_total', { kind: 'package' })).toBe(1);
      expect(await metric('chargeback_shortfall_credits_total')).toBe(0);
      expect(await reconciled(userId)).toMatchObject({ ok: true, balance: WELCOME, problems: [] });
    });

    it('two different keys racing: one marks it (201), the other is told it already was (409); credits taken once', async () => {
      const userId = `u-${randomUUID()}`;
      const orderId = await paidOrder(userId);
      await applied(userId, orderId);

      const [a, b] = await Promise.all([chargeBack(orderId, 'admin-tab-1'), chargeBack(orderId, 'admin-tab-2')]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const refused = a.status === 409 ? a : b;
      expect(refused.body.type).toBe('/problems/conflict');
      expect(refused.body.detail).toMatch(
        /^This order was already marked refunded after a chargeback on \d{4}-\d\d-\d\d\.$/,
      );
      // The winner's key stays a replay; the loser's key is refused again, not applied.
      expect((await chargeBack(orderId, a.status === 201 ? 'admin-tab-1' : 'admin-tab-2')).status).toBe(200);
      expect((await chargeBack(orderId, a.status === 201 ? 'admin-tab-2' : 'admin-tab-1')).status).toBe(409);

      expect((await h.adapters.accounts.get(userId))?.balance).toBe(WELCOME);
      expect(await metric('chargebacks_total', { kind: 'package' })).toBe(1);
      expect(await reconciled(userId)).toMatchObject({ ok: true, problems: [] });
    });

    it('takes back only what is available when credits were spent: held credits stay, the shortfall is recorded and shown', async () => {
      const userId = `u-${randomUUID()}`;
      const orderId = await paidOrder(userId);
      await applied(userId, orderId); // 150
      // 90 spent on a finished video, 20 held by one still rendering: 40 available.
      await h.holds.place({ jobId: 'job-done', userId, amount: 90, resolution: '720p' }, 'c');
      await h.publish({ case: 'jobProgress', value: { jobId: 'job-done', userId, kind: JobProgressKind.COMPLETED } });
      await eventually(async () => expect((await h.adapters.accounts.get(userId))?.balance).toBe(60));
      await h.holds.place({ jobId: 'job-rendering', userId, amount: 20, resolution: '720p' }, 'c');
      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 60, held: 20, available: 40 });

      const res = await chargeBack(orderId, 'cb-short', { reason: 'Chargeback: stolen card' }).expect(201);
      expect(ChargebackResponseSchema.parse(res.body).data.chargeback).toMatchObject({
        takenCredits: 40,
        shortfallCredits: 60,
      });
      // Never below zero, never the held credits: the rendering video keeps its 20.
      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 20, held: 20, available: 0 });
      expect(await metric('chargeback_shortfall_credits_total')).toBe(60);

      await h.relay.drain();
      const ledger = BillingLedgerResponseSchema.parse(
        (
          await request(h.app)
            .get('/api/commerce/ledger?kind=chargeback')
            .set('authorization', await asUser(userId))
            .expect(200)
        ).body,
      );
      expect(
        ledger.items.map((line) => [line.kind, line.balanceDelta, line.reference, line.referenceType, line.reason]),
      ).toEqual([['chargeback', -40, orderId, 'order', 'Chargeback: stolen card']]);
      expect(
        (await h.adapters.ledger.listByReference(userId, orderId)).find((e) => e.kind === 'chargeback'),
      ).toMatchObject({
        shortfall: 60,
      });

      // The held credits still settle as their job decides.
      await h.publish({
        case: 'jobProgress',
        value: { jobId: 'job-rendering', userId, kind: JobProgressKind.FAILED, errorCode: 'timeout' },
      });
      await eventually(async () =>
        expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 20, held: 0, available: 20 }),
      );
      expect(await reconciled(userId)).toMatchObject({ ok: true, problems: [] });
    });

    it('refuses an order that is not paid (409, in words), an unknown one (404), and bad requests', async () => {
      const userId = `u-${randomUUID()}`;
      const auth = await asUser(userId);
      const pending = CreateOrderResponseSchema.parse(
        (
          await request(h.app)
            .post('/api/commerce/payment/create-order')
            .set('authorization', auth)
            .set('idempotency-key', 'p1')
            .send({ packageId: 'credits-100' })
            .expect(201)
        ).body,
      ).data.orderId;
      const notPaid = await chargeBack(pending, 'k1').expect(409);
      expect(notPaid.body).toMatchObject({
        type: '/problems/conflict',
        detail: 'This order has not been paid, so there is nothing to refund.',
      });
      await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', auth)
        .send({ orderId: pending, outcome: 'failure' })
        .expect(200);
      expect((await chargeBack(pending, 'k2').expect(409)).body.detail).toBe(
        'This order was never paid (its payment failed), so there is nothing to refund.',
      );

      expect((await chargeBack(randomUUID(), 'k3').expect(404)).body.type).toBe('/problems/not_found');
      expect((await chargeBack('not an id', 'k4').expect(400)).body.type).toBe('/problems/validation');
      expect((await chargeBack(pending, null).expect(400)).body.type).toBe('/problems/validation');
      for (const body of [{}, { reason: ' ' }, { reason: 'x'.repeat(201) }, { reason: 'fine', extra: 1 }]) {
        expect((await chargeBack(pending, 'k5', body).expect(400)).body.type).toBe('/problems/validation');
      }
      const asOwner = await request(h.app)
        .post(`/internal/orders/${pending}/chargeback`)
        .set('authorization', auth)
        .set('idempotency-key', 'k6')
        .send({ reason: 'my own refund' })
        .expect(403);
      expect(asOwner.body.type).toBe('/problems/forbidden');
      await request(h.app)
        .post(`/internal/orders/${pending}/chargeback`)
        .set('authorization', await bearer(serviceToken('jobs')))
        .set('idempotency-key', 'k7')
        .send({ reason: 'a service' })
        .expect(403);
      expect(await metric('chargebacks_total', { kind: 'package' })).toBe(0);
    });

    it('a crash after the order changed: the relay takes the credits back and settles the order', async () => {
      const userId = `u-${randomUUID()}`;
      const orderId = await paidOrder(userId);
      await applied(userId, orderId);
      // Exactly what the first write of a chargeback leaves when the process stops right after it.
      await h.adapters.orders.chargeBack(orderId, {
        reason: 'Reversed',
        idempotencyKey: 'lost',
        markedBy: 'the-admin',
        markedAt: new Date(),
        settledAt: null,
        takenCredits: null,
        shortfallCredits: null,
        planEndsAt: null,
      });
      await h.relay.drain();
      expect((await h.adapters.orders.get(orderId))?.chargeback).toMatchObject({
        takenCredits: PACKAGE_CREDITS,
        shortfallCredits: 0,
        settledAt: expect.any(Date),
      });
      expect((await h.adapters.accounts.get(userId))?.balance).toBe(WELCOME);
      expect(await h.adapters.orders.listUnsettledChargebacks(10)).toEqual([]);
      expect(await reconciled(userId)).toMatchObject({ ok: true, problems: [] });
    });

    it("a plan order loses its period: a single one ends the plan now, a second one is taken off the plan's end", async () => {
      const userId = `u-${randomUUID()}`;
      const auth = await asUser(userId);
      const first = await paidOrder(userId, { planId: 'pro' });
      await applied(userId, first);
      const second = await paidOrder(userId, { planId: 'pro' });
      await applied(userId, second);
      const twoPeriods = (await h.adapters.accounts.get(userId))!.subscription!;

      const res = await chargeBack(second, 'cb-plan-2').expect(201);
      const shortened = ChargebackResponseSchema.parse(res.body).data.chargeback;
      expect(shortened).toMatchObject({ takenCredits: 0, shortfallCredits: 0 });
      expect(new Date(shortened!.planEndsAt!).getTime()).toBeLessThan(twoPeriods.endsAt.getTime());
      expect((await h.adapters.accounts.get(userId))?.subscription?.endsAt).toEqual(new Date(shortened!.planEndsAt!));
      const running = await request(h.app).get('/api/commerce/subscription').set('authorization', auth).expect(200);
      expect(SubscriptionDetailsResponseSchema.parse(running.body).data).toMatchObject({
        plan: 'pro',
        status: 'active',
      });

      await chargeBack(first, 'cb-plan-1').expect(201);
      const ended = await request(h.app).get('/api/commerce/subscription').set('authorization', auth).expect(200);
      expect(SubscriptionDetailsResponseSchema.parse(ended.body).data).toMatchObject({ plan: null, status: 'expired' });
      expect(await metric('chargebacks_total', { kind: 'plan' })).toBe(2);
      expect(await metric('chargeback_shortfall_credits_total')).toBe(0);
      expect(await reconciled(userId)).toMatchObject({ ok: true, problems: [] });
    });

    it("lists a user's orders for the administrator, newest first and paged, with each chargeback", async () => {
      const userId = `u-${randomUUID()}`;
      const older = await paidOrder(userId);
      await applied(userId, older);
      await new Promise((resolve) => setTimeout(resolve, 3));
      const newer = await paidOrder(userId, { packageId: 'credits-300' });
      await chargeBack(older, 'cb-list').expect(201);

      const list = async (query = '') =>
        UserOrdersPageSchema.parse(
          (await request(h.app).get(`/internal/users/${userId}/orders${query}`).set('authorization', admin).expect(200))
            .body,
        );
      const page = await list();
      expect(page.pagination).toEqual({ skip: 0, take: 20, total: 2 });
      expect(page.data.map((o) => [o.id, o.status, o.credits])).toEqual([
        [newer, 'paid', 300],
        [older, 'refunded', 100],
      ]);
      expect(AdminOrderSchema.parse(page.data[1]).chargeback).toMatchObject({ takenCredits: 100, shortfallCredits: 0 });
      expect(page.data[0]?.chargeback).toBeNull();
      expect((await list('?skip=1&take=1')).data.map((o) => o.id)).toEqual([older]);
      expect((await list('?take=1')).pagination).toEqual({ skip: 0, take: 1, total: 2 });

      await request(h.app).get(`/internal/users/${userId}/orders?take=0`).set('authorization', admin).expect(400);
      await request(h.app)
        .get(`/internal/users/${userId}/orders`)
        .set('authorization', await asUser(userId))
        .expect(403);
    });
  });

  describe('before the order’s payment.completed is applied', () => {
    beforeEach(async () => {
      // No relay, no consumer: the order is paid but its credits have not arrived.
      h = await createHarness({ background: false });
    });

    it('grants first, then takes back: the late payment.completed grants nothing', async () => {
      const userId = `u-${randomUUID()}`;
      const orderId = await paidOrder(userId);
      expect((await h.adapters.accounts.get(userId))?.appliedOrderIds ?? []).not.toContain(orderId);

      await chargeBack(orderId, 'cb-early').expect(201);
      expect((await h.adapters.accounts.get(userId))?.balance).toBe(WELCOME);

      const grants = jest.spyOn(h.accounts, 'grantPurchase');
      await h.startBackground();
      await h.relay.drain();
      // payment.completed is delivered now; its order is applied already, so its consumer grants nothing.
      await eventually(() => expect(grants).toHaveBeenCalledWith(userId, orderId, PACKAGE_CREDITS, expect.any(String)));
      expect(await grants.mock.results[0]?.value).toBe(false);
      expect((await h.adapters.accounts.get(userId))?.balance).toBe(WELCOME);
      const kinds = (await h.adapters.ledger.listByReference(userId, orderId)).map((e) => [e.kind, e.balanceDelta]);
      // One millisecond may hold both lines: their order there is the ids'.
      expect(kinds.sort()).toEqual([
        ['chargeback', -PACKAGE_CREDITS],
        ['purchase', PACKAGE_CREDITS],
      ]);
      expect(await reconciled(userId)).toMatchObject({ ok: true, problems: [] });
    });

    it('a crash after the credits were taken: a replay settles the order from the ledger line, nothing taken twice', async () => {
      const userId = `u-${randomUUID()}`;
      const orderId = await paidOrder(userId);
      // What the order's payment.completed does (no consumer runs here, so no relay races the crash).
      await h.accounts.grantPurchase(userId, orderId, PACKAGE_CREDITS, 'c');
      await h.holds.place({ jobId: 'job-1', userId, amount: 130, resolution: '720p' }, 'c'); // 20 available
      const settle = jest
        .spyOn(h.adapters.orders, 'settleChargeback')
        .mockRejectedValueOnce(new Error('the process stopped here'));
      expect((await chargeBack(orderId, 'cb-crash')).status).toBe(500);
      expect(settle).toHaveBeenCalledTimes(1);
      settle.mockRestore();
      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 130, held: 130, available: 0 });
      expect((await h.adapters.orders.get(orderId))?.chargeback?.settledAt).toBeNull();
      // The relay copies the line to the ledger, then finishes the order: the outcome is read from the ledger.
      await h.relay.drain();
      expect((await h.adapters.orders.get(orderId))?.chargeback).toMatchObject({
        takenCredits: 20,
        shortfallCredits: 80,
      });
      const replay = await chargeBack(orderId, 'cb-crash').expect(200);
      expect(ChargebackResponseSchema.parse(replay.body).data.chargeback).toMatchObject({
        takenCredits: 20,
        shortfallCredits: 80,
      });
      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 130, held: 130, available: 0 });
      expect(await metric('chargeback_shortfall_credits_total')).toBe(80);
      expect(await reconciled(userId)).toMatchObject({ ok: true, problems: [] });
    });
  });
});
