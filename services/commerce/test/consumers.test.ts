import { randomUUID } from 'node:crypto';
import { JobProgressKind, decodeEventOn, encodeEvent, timestampFromDate, type EventPayloadInit } from '@kadr/contracts';
import type { DeliveredMessage } from '@kadr/event-bus';
import { reconcileAccount } from '../src/domain/reconciliation/reconcile';
import { createHarness, eventually, type Harness } from './support/commerce-harness';

/**
 * Every consumer is idempotent: each event is delivered 3 times (the same bytes, as a
 * redelivery after a crash would be) and the effect is that of one delivery.
 */
describe('consumers (redelivered 3×)', () => {
  let h: Harness;
  const seen: Record<string, DeliveredMessage[]> = {};

  beforeEach(async () => {
    h = await createHarness();
    for (const topic of ['credits.changed', 'user.purged', 'payment.completed']) {
      seen[topic] = [];
      await h.bus.subscribe({
        group: `observer-${randomUUID()}`,
        topics: [topic],
        handler: (m) => {
          seen[topic]!.push(m);
          return Promise.resolve();
        },
      });
    }
  });
  afterEach(() => h.close());

  async function deliverThrice(payload: EventPayloadInit) {
    const event = encodeEvent(payload, { producer: 'test', correlationId: 'c' });
    for (let i = 0; i < 3; i += 1) await h.bus.publish(event.topic, [event]);
  }

  const balanceOf = async (userId: string) => (await h.adapters.accounts.get(userId))?.balance;

  it('user.registered opens the account with one welcome grant', async () => {
    const userId = randomUUID();
    await deliverThrice({ case: 'userRegistered', value: { userId, email: 'a@b.c' } });
    await eventually(async () => expect(await balanceOf(userId)).toBe(50));
    await h.relay.drain();
    expect((await h.adapters.ledger.listByUser(userId)).map((e) => e.kind)).toEqual(['grant']);
    await eventually(() => expect(seen['credits.changed']!.filter((m) => m.key === userId)).toHaveLength(1));
  });

  it('payment.completed replayed 3× grants the credits once', async () => {
    const userId = randomUUID();
    await h.accounts.ensure(userId, 'c');
    const orderId = randomUUID();
    await deliverThrice({
      case: 'paymentCompleted',
      value: {
        orderId,
        userId,
        provider: 'mock',
        product: { case: 'packageId', value: 'credits-100' },
        credits: 100,
        amountMinor: 1900n,
        currency: 'PLN',
      },
    });
    await eventually(async () => expect(await balanceOf(userId)).toBe(150));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await balanceOf(userId)).toBe(150);
    expect((await reconcileAccount(h.adapters.accounts, h.adapters.ledger, userId))?.problems).toEqual([]);
  });

  it('payment.completed for a plan activates it once', async () => {
    const userId = randomUUID();
    await deliverThrice({
      case: 'paymentCompleted',
      value: {
        orderId: randomUUID(),
        userId,
        provider: 'mock',
        product: { case: 'planId', value: 'starter' },
        amountMinor: 4900n,
        currency: 'PLN',
      },
    });
    await eventually(async () => expect((await h.subscriptions.view(userId, 'c')).plan).toBe('starter'));
    const account = await h.adapters.accounts.get(userId);
    expect(account?.appliedOrderIds).toHaveLength(1);
    expect(account?.subscription?.endsAt).toEqual(account?.subscription?.periodEnd);
  });

  it('job.progress COMPLETED captures once; FAILED and job.deleted release once', async () => {
    const userId = randomUUID();
    await h.holds.place({ jobId: 'done', userId, amount: 10, resolution: '720p' }, 'c');
    await h.holds.place({ jobId: 'failed', userId, amount: 5, resolution: '720p' }, 'c');
    await h.holds.place({ jobId: 'deleted', userId, amount: 7, resolution: '720p' }, 'c');
    await deliverThrice({
      case: 'jobProgress',
      value: { jobId: 'done', userId, kind: JobProgressKind.COMPLETED, progress: 100 },
    });
    await deliverThrice({ case: 'jobProgress', value: { jobId: 'failed', userId, kind: JobProgressKind.FAILED } });
    await deliverThrice({ case: 'jobDeleted', value: { jobId: 'deleted', userId } });
    // A progress step and a late FAILED after the capture change nothing.
    await deliverThrice({
      case: 'jobProgress',
      value: { jobId: 'done', userId, kind: JobProgressKind.PROGRESS, progress: 50 },
    });
    await deliverThrice({ case: 'jobDeleted', value: { jobId: 'done', userId } });
    await eventually(async () =>
      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 40, held: 0, available: 40 }),
    );
    await h.relay.drain();
    const kinds = (await h.adapters.ledger.listByUser(userId)).map((e) => `${e.kind}:${e.reference}`);
    expect(kinds.filter((k) => k.startsWith('capture'))).toEqual(['capture:done']);
    expect(kinds.filter((k) => k.startsWith('release')).sort()).toEqual(['release:deleted', 'release:failed']);
    expect((await reconcileAccount(h.adapters.accounts, h.adapters.ledger, userId))?.ok).toBe(true);
  });

  it('user.deleted with purge erases account, ledger and orders, and confirms with user.purged', async () => {
    const userId = randomUUID();
    await h.holds.place({ jobId: 'j', userId, amount: 10, resolution: '720p' }, 'c');
    await h.orders.create({ userId, email: 'x@y.z' }, { packageId: 'credits-100' }, undefined, 'c');
    await h.relay.drain();
    await deliverThrice({
      case: 'userDeleted',
      value: { userId, purge: true, requestedAt: timestampFromDate(new Date()) },
    });
    await eventually(() =>
      expect(seen['user.purged']!.filter((m) => m.key === userId).length).toBeGreaterThanOrEqual(1),
    );
    expect(await h.adapters.accounts.get(userId)).toBeNull();
    expect(await h.adapters.ledger.listByUser(userId)).toEqual([]);
    expect(await h.adapters.orders.takeOutbox(10)).toEqual([]);
    const purged = decodeEventOn('user.purged', seen['user.purged']![0]!.value);
    expect(purged.payload.value).toMatchObject({ userId, service: 'commerce' });
  });

  it('credits.changed carries the totals and the reason', async () => {
    const userId = randomUUID();
    await h.holds.place({ jobId: 'j', userId, amount: 10, resolution: '720p' }, 'c');
    await eventually(() => expect(seen['credits.changed']!.filter((m) => m.key === userId)).toHaveLength(2));
    const last = decodeEventOn('credits.changed', seen['credits.changed']!.filter((m) => m.key === userId)[1]!.value);
    expect(last.payload.value).toMatchObject({
      userId,
      balance: 50,
      heldCredits: 10,
      currency: 'credits',
      reference: 'j',
    });
    expect(last.producer).toBe('commerce');
  });
});
