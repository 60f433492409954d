import type { OutboxStats } from '@kadr/outbox';
import type { Account, AccountChange, Hold, SettledHold, Subscription } from '../../domain/credits/account';

/** What identifies the subscription an update was computed from (compare-and-set). */
export interface SubscriptionVersion {
  orderId: string;
  periodStart: Date;
  allowanceUsed: number;
  cancelAtPeriodEnd: boolean;
}

/** Whether the allowance is counted (remaining is stored) or unlimited. */
export type AllowanceKind = 'limited' | 'unlimited';

export interface AllowancePeriod {
  periodStart: Date;
  allowance: AllowanceKind;
}

export interface PendingAccountChanges {
  userId: string;
  /** Totals at the time of reading (what `credits.changed` reports). */
  balance: number;
  held: number;
  currency: string;
  changes: AccountChange[];
}

/**
 * The credit accounts. Every method that changes an account is ONE conditional single-document
 * update whose filter holds the precondition; the change's ledger entry goes into the outbox
 * in that same update. Methods answer null when the precondition did not hold (nothing changed).
 */
export interface AccountRepository {
  /**
   * Insert-or-read: opens the account with `welcome` (its grant change) once; a later call returns
   * it unchanged. `opened` says whether this call was the one that opened it.
   */
  open(
    userId: string,
    welcome: { credits: number; currency: string; change: AccountChange | null },
  ): Promise<{ account: Account; opened: boolean }>;
  get(userId: string): Promise<Account | null>;
  /** The user ids of the `limit` accounts changed most recently, newest first (the reconciliation's sample). */
  recentlyChanged(limit: number): Promise<string[]>;
  /** Null unless available ≥ hold.amount, the hold id was never used on this account and its job has no open hold. */
  holdCredits(userId: string, hold: Hold, change: AccountChange): Promise<Account | null>;
  /**
   * One generation of the allowance. Null unless the subscription is in the period
   * `hold.periodStart`, has a generation left (or is unlimited), the hold id was never used and its job has no open hold.
   */
  holdAllowance(userId: string, hold: Hold, change: AccountChange, allowance: AllowanceKind): Promise<Account | null>;
  /**
   * Settles the open hold `hold` (read before; hold ids are used once, so it is the same one):
   * the change's deltas move balance and held (capture: −amount each; release: held −amount), and,
   * with `restoreAllowance`, the generation goes back if the subscription is still in that
   * period (null otherwise, nothing changed). Null when the hold is no longer open.
   */
  settleHold(
    userId: string,
    hold: Hold,
    settled: SettledHold,
    change: AccountChange,
    restoreAllowance: AllowancePeriod | null,
  ): Promise<Account | null>;
  /** Adds credits for `orderId` once (null when that order was already applied). */
  grant(userId: string, orderId: string, credits: number, change: AccountChange): Promise<Account | null>;
  /**
   * Adds `delta` credits (negative: takes them) once per `adjustmentId`, only while at least `-delta` are
   * available (held credits are never taken; the balance never goes below zero). Null when that adjustment
   * was already applied or too few credits are available.
   */
  adjust(userId: string, adjustmentId: string, delta: number, change: AccountChange): Promise<Account | null>;
  /**
   * Takes `take` credits back once per `takeBackId` (a chargeback), only while at least `take` are available —
   * held credits are never taken, the balance never goes below zero — and, with `allAvailable`, only while
   * exactly `take` are: the caller took everything it read as available, so credits that arrived since must
   * be read again rather than left out. Null when that take-back was already applied or the read is stale.
   */
  takeBack(
    userId: string,
    takeBackId: string,
    take: { credits: number; allAvailable: boolean },
    change: AccountChange,
  ): Promise<Account | null>;
  /**
   * Replaces the subscription if it is still the one read (`expected`, null = none), and
   * records `appliedOrderId` (null when that order was already applied). Null when it changed meanwhile.
   */
  replaceSubscription(
    userId: string,
    expected: SubscriptionVersion | null,
    next: Subscription | null,
    appliedOrderId?: string,
  ): Promise<Account | null>;
  /** Drops the oldest settled holds beyond `keep`. */
  trimSettledHolds(userId: string, keep: number): Promise<void>;
  /** Accounts with changes not yet moved to the ledger, up to `limit` accounts. */
  takeOutbox(limit: number): Promise<PendingAccountChanges[]>;
  /** Removes moved changes (by id); changes written meanwhile stay. */
  removeFromOutbox(userId: string, changeIds: readonly string[]): Promise<void>;
  /** Changes not yet moved to the ledger, over all accounts, and when the oldest happened (its `occurredAt`). */
  outboxStats(): Promise<OutboxStats>;
  /** Deletes the account (purge). True when there was one. */
  delete(userId: string): Promise<boolean>;
}

export function versionOf(subscription: Subscription): SubscriptionVersion {
  return {
    orderId: subscription.orderId,
    periodStart: subscription.periodStart,
    allowanceUsed: subscription.allowanceUsed,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
