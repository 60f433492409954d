import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { Account, Hold, SettledHold, Subscription } from '../../domain/credits/account';
import { accountChange } from '../../domain/credits/account-change';
import { newSubscription } from '../../domain/subscriptions/subscription-rules';
import { versionOf, type AccountRepository } from './account.repository';
import { MemoryAccountRepository } from './memory-account.repository';
import { MongooseAccountRepository } from './mongoose-account.repository';

const newUserId = (): string => `user-${randomUUID()}`;
const succeeded = (results: ReadonlyArray<Account | null>): number => results.filter((r) => r !== null).length;

const welcome = (credits: number) => ({
  credits,
  currency: 'credits',
  change:
    credits > 0
      ? accountChange({ kind: 'grant', balanceDelta: credits, reference: 'welcome', correlationId: 'c' })
      : null,
});

const creditHold = (holdId: string, amount: number): Hold => ({
  holdId,
  takenFrom: 'credits',
  amount,
  periodStart: null,
  createdAt: new Date(),
});
const holdChange = (holdId: string, amount: number) =>
  accountChange({ kind: 'hold', heldDelta: amount, reference: holdId, correlationId: 'c' });

const allowanceHold = (holdId: string, subscription: Subscription): Hold => ({
  holdId,
  takenFrom: 'allowance',
  amount: 0,
  periodStart: subscription.periodStart,
  createdAt: new Date(),
});
const allowanceChange = (holdId: string) =>
  accountChange({ kind: 'hold', allowanceDelta: 1, reference: holdId, correlationId: 'c' });

function settledOf(hold: Hold, state: SettledHold['state']): SettledHold {
  return { holdId: hold.holdId, takenFrom: hold.takenFrom, amount: hold.amount, state, settledAt: new Date() };
}
const captureChange = (hold: Hold) =>
  accountChange({
    kind: 'capture',
    balanceDelta: -hold.amount,
    heldDelta: -hold.amount,
    reference: hold.holdId,
    correlationId: 'c',
  });
const releaseChange = (hold: Hold) =>
  accountChange({ kind: 'release', heldDelta: -hold.amount, reference: hold.holdId, correlationId: 'c' });

async function withPlan(repo: AccountRepository, userId: string, limit: 'starter' | 'enterprise' = 'starter') {
  const subscription = newSubscription(limit, `order-${randomUUID()}`, new Date(Date.now() - 1000));
  const account = await repo.replaceSubscription(userId, null, subscription, subscription.orderId);
  return account!.subscription!;
}

describeRepositoryContract<AccountRepository>(
  'commerce-accounts',
  {
    memory: async () => {
      const repo = await MemoryAccountRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseAccountRepository(connection), cleanup: async () => {} }),
  },
  (getRepo) => {
    describe('open', () => {
      it('opens with the welcome credits available and the grant in the outbox', async () => {
        const userId = newUserId();
        const { account, opened } = await getRepo().open(userId, welcome(50));
        expect(opened).toBe(true);
        expect(account).toMatchObject({ id: userId, userId, currency: 'credits', balance: 50, held: 0, available: 50 });
        expect(account.holds).toEqual([]);
        expect(account.subscription).toBeNull();
        expect(account.outbox).toEqual([expect.objectContaining({ kind: 'grant', balanceDelta: 50 })]);
        expect(await getRepo().get(userId)).toEqual(account);
      });

      it('opens once: concurrent and later opens answer the same account unchanged', async () => {
        const userId = newUserId();
        const opens = await Promise.all(Array.from({ length: 10 }, () => getRepo().open(userId, welcome(50))));
        expect(new Set(opens.map((o) => o.account.createdAt.getTime())).size).toBe(1);
        expect(opens.filter((o) => o.opened)).toHaveLength(1);
        await getRepo().holdCredits(userId, creditHold('j', 5), holdChange('j', 5));
        const again = await getRepo().open(userId, welcome(999));
        expect(again).toMatchObject({ opened: false, account: { balance: 50, held: 5 } });
        expect((await getRepo().get(userId))?.outbox.filter((c) => c.kind === 'grant')).toHaveLength(1);
      });

      it('answers null for a missing account', async () => {
        expect(await getRepo().get(newUserId())).toBeNull();
      });
    });

    describe('recently changed', () => {
      it('lists the accounts changed most recently first, up to the limit', async () => {
        const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
        const [first, second, third] = [newUserId(), newUserId(), newUserId()];
        for (const userId of [first, second, third]) {
          await getRepo().open(userId, welcome(10));
          await pause();
        }
        await getRepo().holdCredits(first, creditHold('j', 1), holdChange('j', 1));
        expect(await getRepo().recentlyChanged(2)).toEqual([first, third]);
      });
    });

    describe('credit holds', () => {
      it('moves the amount to held, records the hold and its change', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(100));
        const account = await getRepo().holdCredits(userId, creditHold('job-1', 30), holdChange('job-1', 30));
        expect(account).toMatchObject({ balance: 100, held: 30, available: 70 });
        expect(account?.holds).toEqual([
          expect.objectContaining({ holdId: 'job-1', amount: 30, takenFrom: 'credits' }),
        ]);
        expect(account?.outbox.at(-1)).toMatchObject({ kind: 'hold', heldDelta: 30, reference: 'job-1' });
      });

      it('refuses more than available, a used hold id, and an unknown account', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(50));
        expect(await getRepo().holdCredits(userId, creditHold('big', 51), holdChange('big', 51))).toBeNull();
        expect(await getRepo().holdCredits(userId, creditHold('j', 50), holdChange('j', 50))).not.toBeNull();
        await getRepo().open(userId, welcome(0));
        expect(await getRepo().holdCredits(userId, creditHold('j', 0 + 1), holdChange('j', 1))).toBeNull();
        expect(await getRepo().holdCredits(newUserId(), creditHold('x', 1), holdChange('x', 1))).toBeNull();
      });

      it('lets exactly as many concurrent holds succeed as the balance covers', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(50));
        const results = await Promise.all(
          Array.from({ length: 80 }, (_, i) =>
            getRepo().holdCredits(userId, creditHold(`j${i}`, 1), holdChange(`j${i}`, 1)),
          ),
        );
        expect(succeeded(results)).toBe(50);
        const account = await getRepo().get(userId);
        expect(account).toMatchObject({ balance: 50, held: 50, available: 0 });
        expect(account?.holds).toHaveLength(50);
        expect(account?.outbox.filter((c) => c.kind === 'hold')).toHaveLength(50);
      });

      it('takes one concurrent hold of the same job once', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(100));
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            getRepo().holdCredits(userId, creditHold('same', 10), holdChange('same', 10)),
          ),
        );
        expect(succeeded(results)).toBe(1);
        expect(await getRepo().get(userId)).toMatchObject({ held: 10, available: 90 });
      });
    });

    describe('allowance holds', () => {
      it('takes one generation of the period, never more than the remaining ones under concurrency', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(0));
        let subscription = await withPlan(getRepo(), userId);
        // Use 40 of 50 first, leaving 10.
        for (let i = 0; i < 40; i += 1) {
          await getRepo().holdAllowance(
            userId,
            allowanceHold(`pre${i}`, subscription),
            allowanceChange(`pre${i}`),
            'limited',
          );
        }
        subscription = (await getRepo().get(userId))!.subscription!;
        expect(subscription).toMatchObject({ allowanceUsed: 40, allowanceRemaining: 10 });
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            getRepo().holdAllowance(userId, allowanceHold(`j${i}`, subscription), allowanceChange(`j${i}`), 'limited'),
          ),
        );
        expect(succeeded(results)).toBe(10);
        const account = await getRepo().get(userId);
        expect(account?.subscription).toMatchObject({ allowanceUsed: 50, allowanceRemaining: 0 });
        expect(account).toMatchObject({ balance: 0, held: 0 });
      });

      it('refuses a hold for another period, and takes unlimited plans without counting down', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(0));
        const subscription = await withPlan(getRepo(), userId, 'enterprise');
        const stale = { ...subscription, periodStart: new Date(0) };
        expect(
          await getRepo().holdAllowance(userId, allowanceHold('old', stale), allowanceChange('old'), 'unlimited'),
        ).toBeNull();
        const account = await getRepo().holdAllowance(
          userId,
          allowanceHold('j', subscription),
          allowanceChange('j'),
          'unlimited',
        );
        expect(account?.subscription).toMatchObject({
          allowanceLimit: null,
          allowanceUsed: 1,
          allowanceRemaining: null,
        });
        // A limited-plan filter does not match an unlimited plan.
        expect(
          await getRepo().holdAllowance(userId, allowanceHold('k', subscription), allowanceChange('k'), 'limited'),
        ).toBeNull();
      });
    });

    describe('settling holds', () => {
      it('captures from held only, once, even when captured concurrently', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(100));
        const hold = (await getRepo().holdCredits(userId, creditHold('job', 30), holdChange('job', 30)))!.holds[0]!;
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            getRepo().settleHold(userId, hold, settledOf(hold, 'captured'), captureChange(hold), null),
          ),
        );
        expect(succeeded(results)).toBe(1);
        const account = await getRepo().get(userId);
        expect(account).toMatchObject({ balance: 70, held: 0, available: 70, holds: [] });
        expect(account?.settledHolds).toEqual([
          expect.objectContaining({ holdId: 'job', state: 'captured', amount: 30 }),
        ]);
        expect(account?.outbox.filter((c) => c.kind === 'capture')).toHaveLength(1);
      });

      it('releases credits back to available, and a settled hold id cannot be held again', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(100));
        const hold = (await getRepo().holdCredits(userId, creditHold('job', 30), holdChange('job', 30)))!.holds[0]!;
        expect(
          await getRepo().settleHold(userId, hold, settledOf(hold, 'released'), releaseChange(hold), null),
        ).toMatchObject({
          balance: 100,
          held: 0,
          available: 100,
        });
        expect(
          await getRepo().settleHold(userId, hold, settledOf(hold, 'captured'), captureChange(hold), null),
        ).toBeNull();
        expect(await getRepo().holdCredits(userId, creditHold('job', 30), holdChange('job', 30))).toBeNull();
      });

      it('holds a next generation of a job only when none of its holds is open, once under concurrency', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(100));
        const generation = (n: number): Hold => ({ ...creditHold(`job#${n}`, 30), jobId: 'job', generation: n });
        const first = (await getRepo().holdCredits(userId, creditHold('job', 30), holdChange('job', 30)))!.holds[0]!;
        // Generation 1 (a hold without `jobId`: its id is the job id) is open: no generation 2.
        expect(await getRepo().holdCredits(userId, generation(2), holdChange('job', 30))).toBeNull();
        await getRepo().settleHold(userId, first, settledOf(first, 'released'), releaseChange(first), null);
        const results = await Promise.all(
          Array.from({ length: 10 }, () => getRepo().holdCredits(userId, generation(2), holdChange('job', 30))),
        );
        expect(succeeded(results)).toBe(1);
        // Generation 2 is open: neither generation 3 nor an allowance hold of the job.
        expect(await getRepo().holdCredits(userId, generation(3), holdChange('job', 30))).toBeNull();
        const subscription = await withPlan(getRepo(), userId);
        expect(
          await getRepo().holdAllowance(
            userId,
            { ...allowanceHold('job#3', subscription), jobId: 'job', generation: 3 },
            allowanceChange('job'),
            'limited',
          ),
        ).toBeNull();
        expect(await getRepo().get(userId)).toMatchObject({
          balance: 100,
          held: 30,
          available: 70,
          holds: [expect.objectContaining({ holdId: 'job#2', jobId: 'job', generation: 2 })],
        });
      });

      it('gives an allowance generation back only into its own period', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(0));
        const subscription = await withPlan(getRepo(), userId);
        const placed = await getRepo().holdAllowance(
          userId,
          allowanceHold('a', subscription),
          allowanceChange('a'),
          'limited',
        );
        const hold = placed!.holds[0]!;
        const change = accountChange({ kind: 'release', allowanceDelta: -1, reference: 'a', correlationId: 'c' });
        const wrongPeriod = { periodStart: new Date(0), allowance: 'limited' as const };
        expect(await getRepo().settleHold(userId, hold, settledOf(hold, 'released'), change, wrongPeriod)).toBeNull();
        const released = await getRepo().settleHold(userId, hold, settledOf(hold, 'released'), change, {
          periodStart: subscription.periodStart,
          allowance: 'limited',
        });
        expect(released?.subscription).toMatchObject({ allowanceUsed: 0, allowanceRemaining: 50 });
        expect(released?.holds).toEqual([]);
      });

      it('keeps only the newest settled holds when trimmed', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(10));
        for (const id of ['a', 'b', 'c', 'd']) {
          const hold = (await getRepo().holdCredits(userId, creditHold(id, 1), holdChange(id, 1)))!.holds.at(-1)!;
          await getRepo().settleHold(userId, hold, settledOf(hold, 'released'), releaseChange(hold), null);
        }
        await getRepo().trimSettledHolds(userId, 2);
        expect((await getRepo().get(userId))?.settledHolds.map((h) => h.holdId)).toEqual(['c', 'd']);
      });
    });

    describe('grants and subscriptions', () => {
      it('grants an order once, even concurrently', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(50));
        const change = () =>
          accountChange({ kind: 'purchase', balanceDelta: 100, reference: 'order-1', correlationId: 'c' });
        const results = await Promise.all(
          Array.from({ length: 5 }, () => getRepo().grant(userId, 'order-1', 100, change())),
        );
        expect(succeeded(results)).toBe(1);
        expect(await getRepo().get(userId)).toMatchObject({
          balance: 150,
          available: 150,
          appliedOrderIds: ['order-1'],
        });
      });

      it('takes back once per take-back, never held credits nor below zero; all-available only while exactly that', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(100));
        await getRepo().holdCredits(userId, creditHold('job', 30), holdChange('job', 30)); // 70 available
        const change = (take: number, shortfall: number) =>
          accountChange({
            kind: 'chargeback',
            balanceDelta: 0 - take,
            reference: 'order-1',
            reason: 'r',
            shortfall,
            correlationId: 'c',
          });
        // More than available, or "everything" read when 60 was available: stale reads change nothing.
        expect(
          await getRepo().takeBack(userId, 'chargeback:o0', { credits: 71, allAvailable: false }, change(71, 0)),
        ).toBeNull();
        expect(
          await getRepo().takeBack(userId, 'chargeback:o0', { credits: 60, allAvailable: true }, change(60, 40)),
        ).toBeNull();
        // Five racers of one take-back: one applies it.
        const taken = await Promise.all(
          Array.from({ length: 5 }, () =>
            getRepo().takeBack(userId, 'chargeback:o1', { credits: 50, allAvailable: false }, change(50, 0)),
          ),
        );
        expect(succeeded(taken)).toBe(1);
        expect(await getRepo().get(userId)).toMatchObject({ balance: 50, held: 30, available: 20 });
        // A second order's take-back of everything left (20 of 100: 80 short), then of nothing at all.
        const all = await getRepo().takeBack(
          userId,
          'chargeback:o2',
          { credits: 20, allAvailable: true },
          change(20, 80),
        );
        expect(all).toMatchObject({ balance: 30, held: 30, available: 0 });
        const none = await getRepo().takeBack(
          userId,
          'chargeback:o3',
          { credits: 0, allAvailable: true },
          change(0, 100),
        );
        expect(none).toMatchObject({ balance: 30, held: 30, available: 0 });
        expect(none?.appliedOrderIds).toEqual(
          expect.arrayContaining(['chargeback:o1', 'chargeback:o2', 'chargeback:o3']),
        );
        expect(
          await getRepo().takeBack(userId, 'chargeback:o2', { credits: 0, allAvailable: true }, change(0, 0)),
        ).toBeNull();
        const lines = (await getRepo().get(userId))?.outbox.filter((c) => c.kind === 'chargeback');
        expect(lines?.map((c) => [c.balanceDelta, c.shortfall])).toEqual([
          [-50, 0],
          [-20, 80],
          [0, 100],
        ]);
      });

      it('adjusts once per adjustment, never below what is available (held credits stay), even concurrently', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(50));
        await getRepo().holdCredits(userId, creditHold('job', 20), holdChange('job', 20));
        const change = (delta: number) =>
          accountChange({ kind: 'adjustment', balanceDelta: delta, reference: 'adj', reason: 'r', correlationId: 'c' });
        const added = await Promise.all(
          Array.from({ length: 5 }, () => getRepo().adjust(userId, 'adjustment:a1', 15, change(15))),
        );
        expect(succeeded(added)).toBe(1);
        // 45 available (65 − 20 held): taking 46 is refused, taking 45 leaves the held 20.
        expect(await getRepo().adjust(userId, 'adjustment:a2', -46, change(-46))).toBeNull();
        const taken = await Promise.all(
          Array.from({ length: 3 }, (_v, i) => getRepo().adjust(userId, `adjustment:b${i}`, -30, change(-30))),
        );
        expect(succeeded(taken)).toBe(1);
        expect(await getRepo().get(userId)).toMatchObject({ balance: 35, held: 20, available: 15 });
        expect((await getRepo().get(userId))?.outbox.filter((c) => c.kind === 'adjustment')).toHaveLength(2);
      });

      it('replaces the subscription only when it is still the one read (compare-and-set)', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(0));
        const subscription = await withPlan(getRepo(), userId);
        const version = versionOf(subscription);
        await getRepo().holdAllowance(userId, allowanceHold('j', subscription), allowanceChange('j'), 'limited');
        // The usage moved on: a change computed from the old read must miss.
        expect(
          await getRepo().replaceSubscription(userId, version, { ...subscription, cancelAtPeriodEnd: true }),
        ).toBeNull();
        const fresh = (await getRepo().get(userId))!.subscription!;
        const cancelled = await getRepo().replaceSubscription(userId, versionOf(fresh), {
          ...fresh,
          cancelAtPeriodEnd: true,
        });
        expect(cancelled?.subscription).toMatchObject({ cancelAtPeriodEnd: true, allowanceUsed: 1 });
        // The same order is applied once.
        expect(
          await getRepo().replaceSubscription(userId, versionOf(cancelled!.subscription!), null, subscription.orderId),
        ).toBeNull();
      });
    });

    describe('outbox and purge', () => {
      it('lists pending changes with the totals, removes only the delivered ones', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(20));
        await getRepo().holdCredits(userId, creditHold('j', 5), holdChange('j', 5));
        const pending = (await getRepo().takeOutbox(100)).find((p) => p.userId === userId);
        expect(pending).toMatchObject({ balance: 20, held: 5, currency: 'credits' });
        expect(pending?.changes.map((c) => c.kind)).toEqual(['grant', 'hold']);
        await getRepo().removeFromOutbox(userId, [pending!.changes[0]!.id]);
        expect((await getRepo().get(userId))?.outbox.map((c) => c.kind)).toEqual(['hold']);
        await getRepo().removeFromOutbox(userId, [pending!.changes[1]!.id]);
        expect((await getRepo().takeOutbox(100)).find((p) => p.userId === userId)).toBeUndefined();
      });

      it('counts the changes not yet moved and finds when the oldest happened', async () => {
        expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
        const oldest = new Date('2025-01-01T00:00:00.000Z');
        const first = newUserId();
        const second = newUserId();
        const grantAt = (at: Date) => ({
          ...welcome(20),
          change: accountChange({ kind: 'grant', balanceDelta: 20, reference: 'welcome', correlationId: 'c', at }),
        });
        await getRepo().open(first, grantAt(new Date('2025-02-01T00:00:00.000Z')));
        await getRepo().open(second, grantAt(oldest));
        const held = accountChange({
          kind: 'hold',
          heldDelta: 5,
          reference: 'j',
          correlationId: 'c',
          at: new Date('2025-03-01T00:00:00.000Z'),
        });
        await getRepo().holdCredits(second, creditHold('j', 5), held);
        expect(await getRepo().outboxStats()).toEqual({ pending: 3, oldestAt: oldest });

        const grantOfSecond = (await getRepo().get(second))!.outbox[0]!.id;
        await getRepo().removeFromOutbox(second, [grantOfSecond]);
        expect(await getRepo().outboxStats()).toEqual({
          pending: 2,
          oldestAt: new Date('2025-02-01T00:00:00.000Z'),
        });
        for (const userId of [first, second]) {
          const changes = (await getRepo().get(userId))!.outbox.map((change) => change.id);
          await getRepo().removeFromOutbox(userId, changes);
        }
        expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
      });

      it('deletes an account (purge), once', async () => {
        const userId = newUserId();
        await getRepo().open(userId, welcome(20));
        expect(await getRepo().delete(userId)).toBe(true);
        expect(await getRepo().delete(userId)).toBe(false);
        expect(await getRepo().get(userId)).toBeNull();
      });
    });
  },
);
