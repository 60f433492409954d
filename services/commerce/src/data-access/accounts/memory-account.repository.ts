import { MemoryCollection, type DeepReadonly, type PersistenceOptions } from '@kadr/documents';
import { outboxStatsOf, type OutboxStats } from '@kadr/outbox';
import type { Account, AccountChange, Hold, SettledHold, Subscription } from '../../domain/credits/account';
import type {
  AccountRepository,
  AllowanceKind,
  AllowancePeriod,
  PendingAccountChanges,
  SubscriptionVersion,
} from './account.repository';
import { isHoldOfJob, jobOfHold } from '../../domain/credits/hold-ids';
import { newAccount } from './new-account';

type ReadonlyAccount = DeepReadonly<Account>;

/** The hold id was used here, or its job already has an open hold (of any generation). */
const usesHoldId = (a: ReadonlyAccount, hold: Hold): boolean =>
  a.holds.some((h) => h.holdId === hold.holdId || isHoldOfJob(h, jobOfHold(hold))) ||
  a.settledHolds.some((h) => h.holdId === hold.holdId);

function sameSubscription(current: ReadonlyAccount['subscription'], expected: SubscriptionVersion | null): boolean {
  if (expected === null) return current === null;
  return (
    current !== null &&
    current.orderId === expected.orderId &&
    current.periodStart.getTime() === expected.periodStart.getTime() &&
    current.allowanceUsed === expected.allowanceUsed &&
    current.cancelAtPeriodEnd === expected.cancelAtPeriodEnd
  );
}

/** Accounts in a `MemoryCollection` (embedded mode, fast tests); each method is one atomic step. */
export class MemoryAccountRepository implements AccountRepository {
  private constructor(private readonly accounts: MemoryCollection<Account>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryAccountRepository> {
    return new MemoryAccountRepository(
      await MemoryCollection.open<Account>({ name: 'commerce-accounts', unique: ['userId'], ...persistence }),
    );
  }

  async open(
    userId: string,
    welcome: { credits: number; currency: string; change: AccountChange | null },
  ): Promise<{ account: Account; opened: boolean }> {
    const { doc, inserted } = await this.accounts.upsertOne((a) => a.userId === userId, {
      insert: () => newAccount(userId, welcome, new Date()),
    });
    return { account: doc, opened: inserted };
  }

  get(userId: string): Promise<Account | null> {
    return this.accounts.findOne((a) => a.userId === userId);
  }

  async recentlyChanged(limit: number): Promise<string[]> {
    const accounts = await this.accounts.find(undefined, { sort: { updatedAt: -1 }, limit });
    return accounts.map((a) => a.userId);
  }

  holdCredits(userId: string, hold: Hold, change: AccountChange): Promise<Account | null> {
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) => a.available >= hold.amount && !usesHoldId(a, hold),
      (a) => {
        a.held += hold.amount;
        a.available -= hold.amount;
        a.holds.push(hold);
        a.outbox.push(change);
        a.updatedAt = change.occurredAt;
      },
    );
  }

  holdAllowance(userId: string, hold: Hold, change: AccountChange, allowance: AllowanceKind): Promise<Account | null> {
    const periodStart = hold.periodStart?.getTime();
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) =>
        a.subscription !== null &&
        a.subscription.periodStart.getTime() === periodStart &&
        (allowance === 'unlimited'
          ? a.subscription.allowanceLimit === null
          : (a.subscription.allowanceRemaining ?? 0) >= 1) &&
        !usesHoldId(a, hold),
      (a) => {
        const subscription = a.subscription!;
        subscription.allowanceUsed += 1;
        if (subscription.allowanceRemaining !== null) subscription.allowanceRemaining -= 1;
        a.holds.push(hold);
        a.outbox.push(change);
        a.updatedAt = change.occurredAt;
      },
    );
  }

  settleHold(
    userId: string,
    hold: Hold,
    settled: SettledHold,
    change: AccountChange,
    restoreAllowance: AllowancePeriod | null,
  ): Promise<Account | null> {
    const restoreIn = restoreAllowance?.periodStart.getTime();
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) =>
        a.holds.some((h) => h.holdId === hold.holdId) &&
        (restoreIn === undefined || a.subscription?.periodStart.getTime() === restoreIn),
      (a) => {
        a.balance += change.balanceDelta;
        a.held += change.heldDelta;
        a.available = a.balance - a.held;
        if (restoreIn !== undefined && a.subscription) {
          a.subscription.allowanceUsed -= 1;
          if (a.subscription.allowanceRemaining !== null) a.subscription.allowanceRemaining += 1;
        }
        a.holds = a.holds.filter((h) => h.holdId !== hold.holdId);
        a.settledHolds.push(settled);
        a.outbox.push(change);
        a.updatedAt = change.occurredAt;
      },
    );
  }

  grant(userId: string, orderId: string, credits: number, change: AccountChange): Promise<Account | null> {
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) => !a.appliedOrderIds.includes(orderId),
      (a) => {
        a.balance += credits;
        a.available += credits;
        a.appliedOrderIds.push(orderId);
        a.outbox.push(change);
        a.updatedAt = change.occurredAt;
      },
    );
  }

  adjust(userId: string, adjustmentId: string, delta: number, change: AccountChange): Promise<Account | null> {
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) => !a.appliedOrderIds.includes(adjustmentId) && a.available + delta >= 0,
      (a) => {
        a.balance += delta;
        a.available += delta;
        a.appliedOrderIds.push(adjustmentId);
        a.outbox.push(change);
        a.updatedAt = change.occurredAt;
      },
    );
  }

  takeBack(
    userId: string,
    takeBackId: string,
    take: { credits: number; allAvailable: boolean },
    change: AccountChange,
  ): Promise<Account | null> {
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) =>
        !a.appliedOrderIds.includes(takeBackId) &&
        (take.allAvailable ? a.available === take.credits : a.available >= take.credits),
      (a) => {
        a.balance -= take.credits;
        a.available -= take.credits;
        a.appliedOrderIds.push(takeBackId);
        a.outbox.push(change);
        a.updatedAt = change.occurredAt;
      },
    );
  }

  replaceSubscription(
    userId: string,
    expected: SubscriptionVersion | null,
    next: Subscription | null,
    appliedOrderId?: string,
  ): Promise<Account | null> {
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) =>
        sameSubscription(a.subscription, expected) &&
        (appliedOrderId === undefined || !a.appliedOrderIds.includes(appliedOrderId)),
      (a) => {
        a.subscription = next;
        if (appliedOrderId !== undefined) a.appliedOrderIds.push(appliedOrderId);
        a.updatedAt = new Date();
      },
    );
  }

  async trimSettledHolds(userId: string, keep: number): Promise<void> {
    await this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) => a.settledHolds.length > keep,
      (a) => {
        a.settledHolds = a.settledHolds.slice(a.settledHolds.length - keep);
      },
    );
  }

  async takeOutbox(limit: number): Promise<PendingAccountChanges[]> {
    const accounts = await this.accounts.find((a) => a.outbox.length > 0, { limit });
    return accounts.map((a) => ({
      userId: a.userId,
      balance: a.balance,
      held: a.held,
      currency: a.currency,
      changes: a.outbox,
    }));
  }

  async removeFromOutbox(userId: string, changeIds: readonly string[]): Promise<void> {
    await this.accounts.updateOne(
      (a) => a.userId === userId,
      null,
      (a) => {
        a.outbox = a.outbox.filter((c) => !changeIds.includes(c.id));
      },
    );
  }

  delete(userId: string): Promise<boolean> {
    return this.accounts.deleteOne((a) => a.userId === userId);
  }

  async outboxStats(): Promise<OutboxStats> {
    const accounts = await this.accounts.find((a) => a.outbox.length > 0);
    return outboxStatsOf(accounts.flatMap((a) => a.outbox.map((change) => change.occurredAt)));
  }

  close(): Promise<void> {
    return this.accounts.close();
  }
}
