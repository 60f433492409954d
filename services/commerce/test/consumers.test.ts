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

  it('a paid order of another plan while one runs leaves the running plan and its usage alone (ledger model seed 224519128)', async () => {
    const userId = randomUUID();
    const planPaid = (planId: string, orderId: string): EventPayloadInit => ({
      case: 'paymentCompleted',
      value: {
        orderId,
        userId,
        provider: 'mock',
        product: { case: 'planId', value: planId },
        amountMinor: 4900n,
        currency: 'PLN',
      },
    });
    await deliverThrice(planPaid('pro', 'order-pro'));
    await eventually(async () => expect((await h.subscriptions.view(userId, 'c')).plan).toBe('pro'));
    await h.holds.place({ jobId: 'j1', userId, amount: 10, resolution: '720p' }, 'c');
    // Both orders were created before either was paid; the starter payment arrives second.
    await deliverThrice(planPaid('starter', 'order-starter'));
    await eventually(async () => expect((await h.adapters.accounts.get(userId))?.appliedOrderIds).toHaveLength(2));
    const subscription = (await h.adapters.accounts.get(userId))?.subscription;
    expect(subscription).toMatchObject({ planId: 'pro', orderId: 'order-pro', allowanceUsed: 1 });
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

  it('job.progress CANCELLED releases once; each release names why on the ledger (cancelled, the failure kind or reason, deleted)', async () => {
    const userId = randomUUID();
    await h.holds.place({ jobId: 'cancelled', userId, amount: 6, resolution: '720p' }, 'c');
    await h.holds.place({ jobId: 'timed-out', userId, amount: 4, resolution: '720p' }, 'c');
    await h.holds.place({ jobId: 'removed', userId, amount: 2, resolution: '720p' }, 'c');
    await h.holds.place({ jobId: 'rendered', userId, amount: 3, resolution: '720p' }, 'c');
    await h.holds.place({ jobId: 'rejected', userId, amount: 1, resolution: '720p' }, 'c');
    await deliverThrice({
      case: 'jobProgress',
      value: { jobId: 'cancelled', userId, kind: JobProgressKind.CANCELLED, errorCode: 'cancelled', progress: 40 },
    });
    await deliverThrice({
      case: 'jobProgress',
      value: { jobId: 'timed-out', userId, kind: JobProgressKind.FAILED, errorCode: 'timeout' },
    });
    await deliverThrice({ case: 'jobDeleted', value: { jobId: 'removed', userId } });
    await deliverThrice({
      case: 'jobProgress',
      value: {
        jobId: 'rejected',
        userId,
        kind: JobProgressKind.FAILED,
        errorCode: 'unknown',
        failureKind: 'output_check',
      },
    });
    await deliverThrice({
      case: 'jobProgress',
      value: { jobId: 'rendered', userId, kind: JobProgressKind.COMPLETED, progress: 100 },
    });
    // A late COMPLETED of the cancelled job (a worker that had not noticed yet) changes nothing.
    await deliverThrice({
      case: 'jobProgress',
      value: { jobId: 'cancelled', userId, kind: JobProgressKind.COMPLETED, progress: 100 },
    });
    await eventually(async () =>
      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 47, held: 0, available: 47 }),
    );
    await h.relay.drain();
    const settlements = (await h.adapters.ledger.listByUser(userId))
      .filter((e) => e.kind === 'release' || e.kind === 'capture')
      .map((e) => `${e.kind}:${e.reference}:${e.reason ?? '-'}`)
      .sort();
    expect(settlements).toEqual([
      'capture:rendered:-',
      'release:cancelled:cancelled',
      'release:rejected:output_check',
      'release:removed:deleted',
      'release:timed-out:timeout',
    ]);
    expect((await reconcileAccount(h.adapters.accounts, h.adapters.ledger, userId))?.ok).toBe(true);
  });

  it("job.progress COMPLETED captures a requeued job's generation 2 once; generation 1 stays released", async () => {
    const userId = randomUUID();
    const first = { jobId: 'again', userId, amount: 10, resolution: '720p' as const };
    await h.holds.place(first, 'c');
    await deliverThrice({ case: 'jobProgress', value: { jobId: 'again', userId, kind: JobProgressKind.FAILED } });
    await eventually(async () => expect(await h.adapters.accounts.get(userId)).toMatchObject({ held: 0 }));
    expect((await h.holds.place({ ...first, generation: 2 }, 'c')).created).toBe(true);
    await deliverThrice({
      case: 'jobProgress',
      value: { jobId: 'again', userId, kind: JobProgressKind.COMPLETED, progress: 100 },
    });
    await eventually(async () =>
      expect(await h.adapters.accounts.get(userId)).toMatchObject({ balance: 40, held: 0, available: 40 }),
    );
    const account = await h.adapters.accounts.get(userId);
    expect(account?.settledHolds.map((s) => `${s.holdId}:${s.state}`)).toEqual(['again:released', 'again#2:captured']);
    await h.relay.drain();
    const kinds = (await h.adapters.ledger.listByReference(userId, 'again')).map((e) => e.kind);
    expect(kinds.sort()).toEqual(['capture', 'hold', 'hold', 'release']);
    expect((await reconcileAccount(h.adapters.accounts, h.adapters.ledger, userId))?.ok).toBe(true);
  });

  it("a redelivered FAILED of a job's earlier run does not release the requeued job's new hold", async () => {
    let now = new Date('2026-11-01T10:00:00.000Z');
    const c = await createHarness({ clock: () => now });
    try {
      const deliver = async (payload: EventPayloadInit) => {
        const event = encodeEvent(payload, { producer: 'test', correlationId: 'c' });
        for (let i = 0; i < 3; i += 1) await c.bus.publish(event.topic, [event]);
      };
      const userId = randomUUID();
      const first = { jobId: 'stale', userId, amount: 10, resolution: '720p' as const };
      await c.holds.place(first, 'c');
      const failedRun1: EventPayloadInit = {
        case: 'jobProgress',
        value: {
          jobId: 'stale',
          userId,
          kind: JobProgressKind.FAILED,
          occurredAt: timestampFromDate(new Date('2026-11-01T10:05:00.000Z')),
        },
      };
      await deliver(failedRun1);
      await eventually(async () => expect(await c.adapters.accounts.get(userId)).toMatchObject({ held: 0 }));

      now = new Date('2026-11-01T11:00:00.000Z'); // the administrator requeues an hour later
      expect((await c.holds.place({ ...first, generation: 2 }, 'c')).created).toBe(true);
      await deliver(failedRun1); // the first run's FAILED, delivered again
      await new Promise((r) => setTimeout(r, 100));
      expect(await c.adapters.accounts.get(userId)).toMatchObject({ held: 10 });

      await deliver({
        case: 'jobProgress',
        value: {
          jobId: 'stale',
          userId,
          kind: JobProgressKind.COMPLETED,
          progress: 100,
          occurredAt: timestampFromDate(new Date('2026-11-01T11:02:00.000Z')),
        },
      });
      await eventually(async () =>
        expect(await c.adapters.accounts.get(userId)).toMatchObject({ balance: 40, held: 0, available: 40 }),
      );
      await c.relay.drain();
      expect((await reconcileAccount(c.adapters.accounts, c.adapters.ledger, userId))?.ok).toBe(true);
    } finally {
      await c.close();
    }
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
