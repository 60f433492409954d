import type { HoldSource, LedgerKind, PlanId, Resolution } from '@kadr/contracts';

/**
 * The credit account: one document per user, the aggregate every money invariant lives in
 * (ARCHITECTURE §3). `available` is stored (always `balance − held`) so "enough credits" is a
 * plain filter; the subscription lives here too, so a hold can take one generation of the
 * allowance or credits in ONE single-document update.
 */
export interface Account {
  /** The user id (one account per user). */
  id: string;
  userId: string;
  /** The unit shown with the balance (`credits.changed`'s currency). */
  currency: string;
  /** Credits owned, holds included. Never negative. */
  balance: number;
  /** Credits held for running jobs (Σ amount of the open holds). */
  held: number;
  /** balance − held. Never negative. */
  available: number;
  /** Open holds (state `held`): at most one per job (whatever its generation). */
  holds: Hold[];
  /** The most recent captured or released holds (bounded), so a repeated hold of a settled job is answered, not re-taken. */
  settledHolds: SettledHold[];
  subscription: Subscription | null;
  /**
   * Orders already granted or activated here (`payment.completed` applies once per order), and the other
   * once-only changes: `adjustment:<key>`, `chargeback:<orderId>` (orders/chargebacks.ts).
   */
  appliedOrderIds: string[];
  /** Changes not yet moved to the ledger and published by the relay. */
  outbox: AccountChange[];
  createdAt: Date;
  updatedAt: Date;
}

export interface Hold {
  /** The job id (generation 1) or `${jobId}#${generation}` (see hold-ids.ts). */
  holdId: string;
  /** The job; absent on holds placed before generations (then the hold id is the job id). */
  jobId?: string;
  /** The job's hold generation; absent = 1. */
  generation?: number;
  takenFrom: HoldSource;
  /** Credits held; 0 when taken from the allowance. */
  amount: number;
  /** For an allowance hold: the period it was taken in (released into that period only). */
  periodStart: Date | null;
  createdAt: Date;
}

export interface SettledHold {
  holdId: string;
  jobId?: string;
  generation?: number;
  takenFrom: HoldSource;
  amount: number;
  state: 'captured' | 'released';
  settledAt: Date;
}

/** A plan bought for a number of monthly periods counted from activation. */
export interface Subscription {
  planId: PlanId;
  /** The order that activated it. */
  orderId: string;
  activatedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  /** When the plan stops (the end of the last paid period, or of the current one after a cancel). */
  endsAt: Date;
  cancelAtPeriodEnd: boolean;
  /** Generations per period; null = unlimited. */
  allowanceLimit: number | null;
  allowanceUsed: number;
  /** limit − used, stored for the hold's filter; null = unlimited. */
  allowanceRemaining: number | null;
  maxResolution: Resolution;
}

/** The ledger's kinds of entry (append-only; the reference names what caused it): `@kadr/contracts`' list. */
export { LEDGER_KINDS, type LedgerKind } from '@kadr/contracts';

/**
 * One change of an account: written into the account's outbox in the same update as the
 * change itself; the relay copies it to the ledger (same id) and publishes `credits.changed`.
 */
export interface AccountChange {
  id: string;
  kind: LedgerKind;
  /** Change of `balance` (Σ over the ledger = balance). */
  balanceDelta: number;
  /** Change of `held` (Σ over the ledger = held). */
  heldDelta: number;
  /** Change of the allowance used in the period (allowance holds and releases). */
  allowanceDelta: number;
  /** The order id (grant, purchase, chargeback), the job id (hold, capture, release), or a note's id. */
  reference: string;
  /**
   * Why, where the kind alone does not say: on a release, the job's end — its failure reason from the
   * error catalogue (`aiproxy_error`, `timeout`, …), `cancelled` by its owner, or `deleted`.
   */
  reason?: string;
  /** On a chargeback: the credits its order granted that could not be taken back (spent or held). */
  shortfall?: number;
  correlationId: string;
  /** W3C trace context of the work that made the change: its `credits.changed` joins that trace. */
  traceparent?: string;
  occurredAt: Date;
}

/** A ledger entry: an account change with its owner. */
export interface LedgerEntry extends AccountChange {
  userId: string;
}
