import { randomUUID } from 'node:crypto';
import { reconcileAccount } from '../src/domain/reconciliation/reconcile';
import { commerceProblemOf } from '../src/entry-points/http/domain-problems';
import { createHarness, type Harness } from './support/commerce-harness';

/** A clock the test moves. */
function movableClock(start: string) {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advanceTo: (iso: string) => (now = new Date(iso).getTime()) };
}

describe('holds, capture and release (memory)', () => {
  let h: Harness;
  const clock = movableClock('2025-03-01T12:00:00Z');
  beforeEach(async () => {
    h = await createHarness({ clock: clock.now, background: false });
  });
  afterEach(() => h.close());

  const request = (userId: string, jobId: string = randomUUID(), amount = 10, resolution = '720p' as const) => ({
    jobId,
    userId,
    amount,
    resolution,
  });

  async function reconciled(userId: string) {
    const report = await reconcileAccount(h.adapters.accounts, h.adapters.ledger, userId);
    expect(report?.problems).toEqual([]);
    return report!;
  }

  it('holds credits, answers the same hold again, captures once, releases nothing after', async () => {
    const userId = randomUUID();
    const req = request(userId, 'job-1', 10);
    expect(await h.holds.place(req, 'c')).toEqual({
      hold: { holdId: 'job-1', userId, takenFrom: 'credits', amount: 10, state: 'held' },
      created: true,
    });
    expect((await h.holds.place(req, 'c')).created).toBe(false);
    expect(await h.accounts.credits(userId, 'c')).toEqual({ balance: 50, currency: 'credits', heldCredits: 10 });
    expect((await h.holds.settle(userId, 'job-1', 'capture', 'c'))?.state).toBe('captured');
    expect(await h.holds.settle(userId, 'job-1', 'release', 'c')).toBeNull();
    expect(await h.accounts.credits(userId, 'c')).toEqual({ balance: 40, currency: 'credits', heldCredits: 0 });
    // A late duplicate hold of the settled job is answered, not taken again.
    expect(await h.holds.place(req, 'c')).toEqual({
      hold: expect.objectContaining({ state: 'captured' }),
      created: false,
    });
    await reconciled(userId);
  });

  it('refuses with 402 insufficient_credits when available < price', async () => {
    const userId = randomUUID();
    await h.holds.place(request(userId, 'a', 45), 'c');
    // The refusal as the HTTP edge answers it (undefined, and no match, for any other error).
    await expect(h.holds.place(request(userId, 'b', 6), 'c').catch(commerceProblemOf)).resolves.toMatchObject({
      reason: 'insufficient_credits',
      status: 402,
      title: 'Insufficient credits',
    });
    await h.holds.settle(userId, 'a', 'release', 'c');
    expect((await h.holds.place(request(userId, 'b', 6), 'c')).created).toBe(true);
    await reconciled(userId);
  });

  it('takes the plan allowance within its resolution cap, credits above it, and releases allowance into its period', async () => {
    const userId = randomUUID();
    await h.accounts.ensure(userId, 'c');
    await h.subscriptions.activate(userId, 'starter', 'order-1', 'c');
    const inside = await h.holds.place(request(userId, 'in', 10, '720p'), 'c');
    expect(inside.hold).toMatchObject({ takenFrom: 'allowance', amount: 0 });
    const above = await h.holds.place({ ...request(userId, 'above', 10), resolution: '1080p' }, 'c');
    expect(above.hold).toMatchObject({ takenFrom: 'credits', amount: 10 });
    expect((await h.subscriptions.view(userId, 'c')).allowance).toMatchObject({ limit: 50, used: 1 });
    await h.holds.settle(userId, 'in', 'release', 'c');
    expect((await h.subscriptions.view(userId, 'c')).allowance).toMatchObject({ used: 0 });
    await reconciled(userId);
  });

  it('resets usage in a new period and does not give a generation back into another period', async () => {
    const userId = randomUUID();
    clock.advanceTo('2025-03-01T12:00:00Z');
    await h.accounts.ensure(userId, 'c');
    await h.subscriptions.activate(userId, 'starter', 'order-1', 'c');
    await h.subscriptions.activate(userId, 'starter', 'order-2', 'c'); // two months paid
    await h.holds.place(request(userId, 'march'), 'c');
    clock.advanceTo('2025-04-02T00:00:00Z');
    const april = await h.holds.place(request(userId, 'april'), 'c');
    expect(april.hold.takenFrom).toBe('allowance');
    expect((await h.subscriptions.view(userId, 'c')).allowance).toMatchObject({
      used: 1,
      periodEnd: '2025-05-01T12:00:00.000Z',
    });
    await h.holds.settle(userId, 'march', 'release', 'c');
    expect((await h.subscriptions.view(userId, 'c')).allowance).toMatchObject({ used: 1 });
    clock.advanceTo('2025-05-01T12:00:00Z');
    expect((await h.subscriptions.view(userId, 'c')).status).toBe('expired');
    expect((await h.holds.place(request(userId, 'may'), 'c')).hold.takenFrom).toBe('credits');
    clock.advanceTo('2025-03-01T12:00:00Z');
  });

  it('holds a requeued job again as generation 2 after a release, once for 10 parallel requests', async () => {
    const userId = randomUUID();
    const first = request(userId, 'requeued', 10);
    await h.holds.place(first, 'c');
    await h.holds.settle(userId, 'requeued', 'release', 'c');
    const second = { ...first, generation: 2 };
    const results = await Promise.all(Array.from({ length: 10 }, () => h.holds.place(second, 'c')));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    for (const { hold } of results) {
      expect(hold).toEqual({ holdId: 'requeued#2', userId, takenFrom: 'credits', amount: 10, state: 'held' });
    }
    expect(await h.accounts.credits(userId, 'c')).toEqual({ balance: 50, currency: 'credits', heldCredits: 10 });
    // The lookup answers the newest generation; generation 1 stays released.
    expect(await h.holds.find('requeued', userId)).toMatchObject({ holdId: 'requeued#2', state: 'held' });
    expect((await h.holds.place(first, 'c')).hold).toMatchObject({ holdId: 'requeued', state: 'released' });
    // Settling acts on the open generation, once.
    expect(await h.holds.settle(userId, 'requeued', 'capture', 'c')).toMatchObject({
      holdId: 'requeued#2',
      state: 'captured',
    });
    expect(await h.holds.settle(userId, 'requeued', 'capture', 'c')).toBeNull();
    expect(await h.accounts.credits(userId, 'c')).toEqual({ balance: 40, currency: 'credits', heldCredits: 0 });
    await h.relay.drain();
    const entries = await h.adapters.ledger.listByReference(userId, 'requeued');
    // Same-millisecond entries may sort either way: compare the kinds, not their order.
    expect(entries.map((e) => e.kind).sort()).toEqual(['capture', 'hold', 'hold', 'release']);
    await reconciled(userId);
  });

  it('refuses a next generation (409 conflict) while the job still has an open hold', async () => {
    const userId = randomUUID();
    await h.holds.place(request(userId, 'busy', 10), 'c');
    await expect(
      h.holds.place({ ...request(userId, 'busy', 10), generation: 2 }, 'c').catch(commerceProblemOf),
    ).resolves.toMatchObject({
      reason: 'conflict',
      status: 409,
    });
    expect(await h.accounts.credits(userId, 'c')).toEqual({ balance: 50, currency: 'credits', heldCredits: 10 });
    expect(await h.holds.find('busy', userId)).toMatchObject({ holdId: 'busy', state: 'held' });
    await reconciled(userId);
  });

  it('race: 200 concurrent holds of 1 credit against 50 available → exactly 50, never below 0, reconciled', async () => {
    const userId = randomUUID();
    await h.accounts.ensure(userId, 'c');
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => h.holds.place(request(userId, `j${i}`, 1), 'c')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(
      results.filter(
        (r) => r.status === 'rejected' && (r.reason as { reason?: string }).reason === 'insufficient_credits',
      ),
    ).toHaveLength(150);
    const account = await h.adapters.accounts.get(userId);
    expect(account).toMatchObject({ balance: 50, held: 50, available: 0 });
    const report = await reconciled(userId);
    expect(report.openHolds).toBe(50);
    await h.relay.drain();
    expect(await reconciled(userId)).toMatchObject({ pendingEntries: 0, ledgerEntries: 51 });
  });

  it('race: 100 parallel generations against a Starter allowance with 10 left → exactly 10 inside it', async () => {
    const userId = randomUUID();
    await h.accounts.ensure(userId, 'c');
    await h.subscriptions.activate(userId, 'starter', 'order-1', 'c');
    for (let i = 0; i < 40; i += 1) await h.holds.place(request(userId, `pre${i}`, 1), 'c');
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => h.holds.place(request(userId, `j${i}`, 1), 'c')),
    );
    const taken = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.hold.takenFrom] : []));
    expect(taken.filter((t) => t === 'allowance')).toHaveLength(10);
    expect(taken.filter((t) => t === 'credits')).toHaveLength(50);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(40);
    expect((await h.subscriptions.view(userId, 'c')).allowance).toMatchObject({ used: 50 });
    await reconciled(userId);
  });
});
