import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { EncodedOutboxEvent, Order, OrderChargeback } from '../../domain/orders/order';
import { MemoryOrderRepository } from './memory-order.repository';
import { MongooseOrderRepository } from './mongoose-order.repository';
import type { OrderRepository } from './order.repository';

function newOrder(overrides: Partial<Order> = {}): Order {
  const id = randomUUID();
  const now = new Date();
  return {
    id,
    userId: `user-${randomUUID()}`,
    idempotencyKey: `key-${randomUUID()}`,
    kind: 'package',
    packageId: 'credits-100',
    planId: null,
    credits: 100,
    amountMinor: 1900,
    currency: 'PLN',
    provider: 'mock',
    status: 'pending',
    paymentUrl: '',
    providerTransactionId: null,
    providerTitle: null,
    createdAt: now,
    updatedAt: now,
    paidAt: null,
    outbox: [],
    ...overrides,
  };
}

const event = (id: string = randomUUID()): EncodedOutboxEvent => ({
  id,
  topic: 'payment.completed',
  key: 'order',
  value: Buffer.from('bytes').toString('base64'),
  correlationId: 'c',
});

function chargeback(overrides: Partial<OrderChargeback> = {}): OrderChargeback {
  return {
    reason: 'Card issuer reversed',
    idempotencyKey: `cb-${randomUUID()}`,
    markedBy: 'the-admin',
    markedAt: new Date(),
    settledAt: null,
    takenCredits: null,
    shortfallCredits: null,
    planEndsAt: null,
    ...overrides,
  };
}

describeRepositoryContract<OrderRepository>(
  'commerce-orders',
  {
    memory: async () => {
      const repo = await MemoryOrderRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseOrderRepository(connection), cleanup: async () => {} }),
  },
  (getRepo) => {
    it('creates an order and reads it back', async () => {
      const order = newOrder();
      expect(await getRepo().create(order)).toEqual({ order, created: true });
      expect(await getRepo().get(order.id)).toEqual(order);
      expect(await getRepo().get(randomUUID())).toBeNull();
    });

    it('answers the existing order for the same user and idempotency key, even concurrently', async () => {
      const first = newOrder();
      const racers = Array.from({ length: 8 }, () =>
        newOrder({ userId: first.userId, idempotencyKey: first.idempotencyKey }),
      );
      const results = await Promise.all([first, ...racers].map((o) => getRepo().create(o)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
      // Another user may use the same key.
      expect((await getRepo().create(newOrder({ idempotencyKey: first.idempotencyKey }))).created).toBe(true);
    });

    it('moves pending to exactly one final state, once, with its event', async () => {
      const order = newOrder();
      await getRepo().create(order);
      const at = new Date();
      const results = await Promise.all([
        getRepo().transition(order.id, { to: 'paid', at, event: event('e1'), providerTitle: 'TR-1' }),
        getRepo().transition(order.id, { to: 'failed', at }),
        getRepo().transition(order.id, { to: 'paid', at, event: event('e2') }),
        getRepo().transition(order.id, { to: 'expired', at }),
      ]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      const stored = await getRepo().get(order.id);
      expect(['paid', 'failed', 'expired']).toContain(stored?.status);
      if (stored?.status === 'paid') {
        expect(stored.paidAt).toEqual(at);
        expect(stored.outbox).toHaveLength(1);
      } else {
        expect(stored?.outbox).toEqual([]);
      }
      expect(await getRepo().transition(order.id, { to: 'cancelled', at })).toBeNull();
      expect(await getRepo().transition(randomUUID(), { to: 'paid', at })).toBeNull();
    });

    it('attaches the payment only while pending', async () => {
      const order = newOrder();
      await getRepo().create(order);
      const payment = { paymentUrl: 'https://pay.example/1', providerTransactionId: 'tx-1', providerTitle: 'TR-1' };
      expect(await getRepo().attachPayment(order.id, payment)).toMatchObject(payment);
      await getRepo().transition(order.id, { to: 'failed', at: new Date() });
      expect(await getRepo().attachPayment(order.id, { ...payment, paymentUrl: 'https://other' })).toBeNull();
    });

    it('lists stale pending orders oldest first', async () => {
      const userId = `user-${randomUUID()}`;
      const old = newOrder({ userId, createdAt: new Date(1_000) });
      const older = newOrder({ userId, createdAt: new Date(500) });
      const fresh = newOrder({ userId, createdAt: new Date() });
      const paidOld = newOrder({ userId, createdAt: new Date(700), status: 'paid' });
      for (const o of [old, older, fresh, paidOld]) await getRepo().create(o);
      const stale = await getRepo().listPendingCreatedBefore(new Date(10_000), 10);
      expect(stale.map((o) => o.id)).toEqual([older.id, old.id]);
      expect(await getRepo().listPendingCreatedBefore(new Date(10_000), 1)).toHaveLength(1);
    });

    it('lists one user’s orders newest first, paged, with their total', async () => {
      const userId = `user-${randomUUID()}`;
      const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms);
      const orders = [
        newOrder({ userId, createdAt: at(1_000) }),
        newOrder({ userId, createdAt: at(3_000), status: 'paid' }),
        newOrder({ userId, createdAt: at(2_000), status: 'failed' }),
        // Two in the same millisecond: the id decides, the same way on every page.
        newOrder({ userId, id: `a-${randomUUID()}`, createdAt: at(4_000) }),
        newOrder({ userId, id: `b-${randomUUID()}`, createdAt: at(4_000) }),
      ];
      for (const order of [...orders, newOrder({ createdAt: at(5_000) })]) await getRepo().create(order);
      const newestFirst = [orders[4]!, orders[3]!, orders[1]!, orders[2]!, orders[0]!].map((o) => o.id);

      const first = await getRepo().listForUser(userId, { skip: 0, take: 2 });
      const second = await getRepo().listForUser(userId, { skip: 2, take: 2 });
      const last = await getRepo().listForUser(userId, { skip: 4, take: 2 });
      expect([first.total, second.total, last.total]).toEqual([5, 5, 5]);
      expect([...first.items, ...second.items, ...last.items].map((o) => o.id)).toEqual(newestFirst);
      expect(first.items[0]).toEqual(orders[4]);
      expect(await getRepo().listForUser(userId, { skip: 5, take: 2 })).toEqual({ items: [], total: 5 });
      expect(await getRepo().listForUser(`user-${randomUUID()}`, { skip: 0, take: 2 })).toEqual({
        items: [],
        total: 0,
      });
    });

    it('keeps events in the outbox until removed', async () => {
      const order = newOrder();
      await getRepo().create(order);
      await getRepo().transition(order.id, { to: 'paid', at: new Date(), event: event('e1') });
      const pending = (await getRepo().takeOutbox(100)).find((p) => p.orderId === order.id);
      expect(pending?.events.map((e) => e.id)).toEqual(['e1']);
      await getRepo().removeFromOutbox(order.id, ['e1']);
      expect((await getRepo().takeOutbox(100)).find((p) => p.orderId === order.id)).toBeUndefined();
    });

    it('counts the events not yet published and finds when the oldest was written', async () => {
      expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
      const oldest = new Date('2025-01-01T00:00:00.000Z');
      const first = newOrder();
      const second = newOrder();
      for (const order of [first, second, newOrder()]) await getRepo().create(order);
      await getRepo().transition(first.id, {
        to: 'paid',
        at: new Date(),
        event: { ...event('e1'), createdAt: new Date('2025-02-01T00:00:00.000Z') },
      });
      await getRepo().transition(second.id, {
        to: 'paid',
        at: new Date(),
        event: { ...event('e2'), createdAt: oldest },
      });
      expect(await getRepo().outboxStats()).toEqual({ pending: 2, oldestAt: oldest });

      await getRepo().removeFromOutbox(second.id, ['e2']);
      expect(await getRepo().outboxStats()).toEqual({
        pending: 1,
        oldestAt: new Date('2025-02-01T00:00:00.000Z'),
      });
      await getRepo().removeFromOutbox(first.id, ['e1']);
      expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
    });

    it('marks only a paid order refunded, once, even concurrently; settles its chargeback once', async () => {
      const paid = newOrder({ status: 'paid', paidAt: new Date() });
      const pending = newOrder();
      for (const o of [paid, pending]) await getRepo().create(o);
      expect(await getRepo().chargeBack(pending.id, chargeback())).toBeNull();
      expect(await getRepo().chargeBack(randomUUID(), chargeback())).toBeNull();

      const marks = [chargeback({ idempotencyKey: 'a' }), chargeback({ idempotencyKey: 'b' }), chargeback()];
      const results = await Promise.all(marks.map((mark) => getRepo().chargeBack(paid.id, mark)));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      const winner = results.find((r) => r !== null)!;
      expect(winner.status).toBe('refunded');
      expect(await getRepo().get(paid.id)).toEqual(winner);
      expect(marks.map((m) => m.idempotencyKey)).toContain(winner.chargeback?.idempotencyKey);
      expect(await getRepo().get(pending.id)).toMatchObject({ status: 'pending' });
      expect((await getRepo().get(pending.id))?.chargeback ?? null).toBeNull();

      const settledAt = new Date();
      const outcomes = await Promise.all([
        getRepo().settleChargeback(paid.id, { takenCredits: 40, shortfallCredits: 60, planEndsAt: null, settledAt }),
        getRepo().settleChargeback(paid.id, { takenCredits: 1, shortfallCredits: 99, planEndsAt: null, settledAt }),
      ]);
      expect(outcomes.filter((r) => r !== null)).toHaveLength(1);
      const settled = outcomes.find((r) => r !== null)!;
      expect(settled.chargeback).toEqual({ ...winner.chargeback, ...settled.chargeback, settledAt });
      expect(await getRepo().get(paid.id)).toEqual(settled);
      expect(
        await getRepo().settleChargeback(pending.id, {
          takenCredits: 0,
          shortfallCredits: 0,
          planEndsAt: null,
          settledAt,
        }),
      ).toBeNull();
    });

    it('lists the chargebacks not settled yet, oldest first, and counts them', async () => {
      expect(await getRepo().unsettledChargebackStats()).toEqual({ pending: 0, oldestAt: null });
      const oldest = new Date('2025-01-01T00:00:00.000Z');
      const [a, b, c] = [1, 2, 3].map(() => newOrder({ status: 'paid', paidAt: new Date() }));
      for (const o of [a!, b!, c!]) await getRepo().create(o);
      await getRepo().chargeBack(a!.id, chargeback({ markedAt: new Date('2025-02-01T00:00:00.000Z') }));
      await getRepo().chargeBack(b!.id, chargeback({ markedAt: oldest }));
      expect((await getRepo().listUnsettledChargebacks(10)).map((o) => o.id)).toEqual([b!.id, a!.id]);
      expect((await getRepo().listUnsettledChargebacks(1)).map((o) => o.id)).toEqual([b!.id]);
      expect(await getRepo().unsettledChargebackStats()).toEqual({ pending: 2, oldestAt: oldest });

      await getRepo().settleChargeback(b!.id, {
        takenCredits: 100,
        shortfallCredits: 0,
        planEndsAt: null,
        settledAt: new Date(),
      });
      expect((await getRepo().listUnsettledChargebacks(10)).map((o) => o.id)).toEqual([a!.id]);
      expect(await getRepo().unsettledChargebackStats()).toEqual({
        pending: 1,
        oldestAt: new Date('2025-02-01T00:00:00.000Z'),
      });
    });

    it('deletes a user’s orders (purge)', async () => {
      const a = newOrder();
      const b = newOrder({ userId: a.userId });
      const other = newOrder();
      for (const o of [a, b, other]) await getRepo().create(o);
      expect(await getRepo().deleteByUser(a.userId)).toBe(2);
      expect(await getRepo().get(a.id)).toBeNull();
      expect(await getRepo().get(other.id)).not.toBeNull();
    });
  },
);
