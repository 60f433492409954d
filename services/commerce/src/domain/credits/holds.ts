import { isWithinResolution, type HoldSource, type HoldState, type Resolution } from '@kadr/contracts';
import type { AllowanceKind, AllowancePeriod } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import { CommerceDomainError } from '../errors';
import { isRunning, needsNewPeriod } from '../subscriptions/subscription-rules';
import type { Subscriptions } from '../subscriptions/subscriptions';
import type { Account, Hold, SettledHold } from './account';
import { accountChange } from './account-change';
import type { CreditAccounts } from './accounts';
import { FIRST_GENERATION, generationOfHold, holdIdOf, isHoldOfJob } from './hold-ids';

export interface HoldRequest {
  jobId: string;
  userId: string;
  /** Credits the generation costs outside the allowance. */
  amount: number;
  resolution: Resolution;
  /** The job's hold generation (absent = 1); a requeued job asks for the next one. */
  generation?: number;
}

export interface HoldView {
  holdId: string;
  userId: string;
  takenFrom: HoldSource;
  amount: number;
  state: HoldState;
}

/** How many settled holds an account remembers for idempotent answers (the ledger keeps the rest). */
export const SETTLED_HOLDS_KEPT = 500;

/** Concurrent changes make a conditional update miss; each miss re-reads and decides again. */
const MAX_ATTEMPTS = 8;

const openView = (userId: string, hold: Hold): HoldView => ({
  holdId: hold.holdId,
  userId,
  takenFrom: hold.takenFrom,
  amount: hold.amount,
  state: 'held',
});

/** One hold (by hold id) on this account, open or recently settled. */
export function holdOn(account: Account, holdId: string): HoldView | null {
  const open = account.holds.find((h) => h.holdId === holdId);
  if (open) return openView(account.userId, open);
  const settled = account.settledHolds.find((h) => h.holdId === holdId);
  if (settled) {
    const { takenFrom, amount, state } = settled;
    return { holdId, userId: account.userId, takenFrom, amount, state };
  }
  return null;
}

/** The job's newest hold on this account: its open one, else its highest settled generation. */
export function newestHoldOn(account: Account, jobId: string): HoldView | null {
  const open = account.holds.find((h) => isHoldOfJob(h, jobId));
  if (open) return openView(account.userId, open);
  let newest: SettledHold | undefined;
  for (const settled of account.settledHolds) {
    if (isHoldOfJob(settled, jobId) && (!newest || generationOfHold(settled) > generationOfHold(newest))) {
      newest = settled;
    }
  }
  return newest ? holdOn(account, newest.holdId) : null;
}

/**
 * Holds for jobs (ARCHITECTURE §3). A hold takes one generation of the running plan's allowance
 * when the job is within the plan's resolution cap and the period has one left, otherwise
 * credits; each is one conditional update, so neither the balance nor the allowance can be
 * overrun by parallel requests (from any number of processes). Capture and release happen only
 * from `held`.
 */
/** How far the jobs service's clock may run behind ours before an event counts as older than a hold. */
const CLOCK_SKEW_TOLERANCE_MS = 5_000;

export class Holds {
  constructor(
    private readonly accounts: CreditAccounts,
    private readonly subscriptions: Subscriptions,
    private readonly ledger: LedgerRepository,
  ) {}

  /**
   * Idempotent by (job id, generation): `created: false` answers that generation's existing hold.
   * A job has at most one open hold: a generation asked for while another one of the job is open
   * is refused (409 `conflict`), so a requeue waits for the previous hold to be settled.
   * 402 when neither source suffices.
   */
  async place(request: HoldRequest, correlationId: string): Promise<{ hold: HoldView; created: boolean }> {
    const { jobId, userId, amount, resolution } = request;
    const generation = request.generation ?? FIRST_GENERATION;
    const holdId = holdIdOf(jobId, generation);
    let account = await this.accounts.ensure(userId, correlationId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const existing = holdOn(account, holdId);
      if (existing) return { hold: existing, created: false };
      const openOfJob = account.holds.find((h) => isHoldOfJob(h, jobId));
      if (openOfJob) {
        throw new CommerceDomainError(
          'conflict',
          `Job ${jobId} still has an open hold (generation ${generationOfHold(openOfJob)}); settle it first.`,
        );
      }
      const now = this.accounts.now();
      let subscription = account.subscription;
      if (subscription && needsNewPeriod(subscription, now)) {
        account = await this.subscriptions.startCurrentPeriod(userId, account, now);
        subscription = account.subscription;
      }

      if (
        isRunning(subscription, now) &&
        isWithinResolution(resolution, subscription.maxResolution) &&
        (subscription.allowanceLimit === null || (subscription.allowanceRemaining ?? 0) >= 1)
      ) {
        const hold: Hold = {
          holdId,
          jobId,
          generation,
          takenFrom: 'allowance',
          amount: 0,
          periodStart: subscription.periodStart,
          createdAt: now,
        };
        const change = accountChange({ kind: 'hold', allowanceDelta: 1, reference: jobId, correlationId, at: now });
        const allowance: AllowanceKind = subscription.allowanceLimit === null ? 'unlimited' : 'limited';
        const updated = await this.accounts.accounts.holdAllowance(userId, hold, change, allowance);
        if (updated) {
          this.accounts.changed();
          this.accounts.observer.holdChanged('allowance', 'placed');
          return { hold: openView(userId, hold), created: true };
        }
        // Used up or moved on meanwhile (or the same job raced in): decide again on fresh state.
        account = await this.reread(userId);
        continue;
      }

      const hold: Hold = {
        holdId,
        jobId,
        generation,
        takenFrom: 'credits',
        amount,
        periodStart: null,
        createdAt: now,
      };
      const change = accountChange({ kind: 'hold', heldDelta: amount, reference: jobId, correlationId, at: now });
      const updated = await this.accounts.accounts.holdCredits(userId, hold, change);
      if (updated) {
        this.accounts.changed();
        this.accounts.observer.holdChanged('credits', 'placed');
        return { hold: openView(userId, hold), created: true };
      }
      account = await this.reread(userId);
      if (holdOn(account, holdId) || account.holds.some((h) => isHoldOfJob(h, jobId))) continue;
      if (account.available < amount) {
        throw new CommerceDomainError(
          'insufficient_credits',
          `This generation needs ${amount} credits; ${account.available} are available.`,
        );
      }
    }
    throw new CommerceDomainError('conflict', 'The account changed too often; please retry.');
  }

  /**
   * The job's newest hold: on the account (open or recently settled), else from the ledger,
   * where every generation left one `hold` entry (referenced by the job id) and at most one
   * settlement after it.
   */
  async find(jobId: string, userId: string): Promise<HoldView | null> {
    const account = await this.accounts.accounts.get(userId);
    const onAccount = account ? newestHoldOn(account, jobId) : null;
    if (onAccount) return onAccount;
    // Counted, not ordered (entries of the same millisecond may sort either way): generation n
    // is placed only after n − 1 settled, so the newest is settled when settlements = placements.
    const entries = await this.ledger.listByReference(userId, jobId);
    const placements = entries.filter((e) => e.kind === 'hold');
    const settlements = entries.filter((e) => e.kind === 'capture' || e.kind === 'release');
    const placed = placements.at(-1);
    if (!placed) return null;
    const settled = settlements.length >= placements.length ? settlements.at(-1) : undefined;
    const takenFrom: HoldSource = placed.allowanceDelta > 0 ? 'allowance' : 'credits';
    return {
      holdId: holdIdOf(jobId, placements.length),
      userId,
      takenFrom,
      amount: placed.heldDelta,
      state: settled ? (settled.kind === 'capture' ? 'captured' : 'released') : 'held',
    };
  }

  /**
   * Captures (job completed) or releases (job failed or deleted) the job's open hold, whatever
   * its generation (a job has at most one), only from `held`: a repeated or late event finds no
   * open hold and changes nothing. A released allowance generation goes back only into the
   * period it was taken from. The ledger reference is the job id for every generation.
   */
  /**
   * Captures or releases the job's open hold. `eventTime` is when the job event that asks for it
   * happened: an event from before the open hold was placed belongs to an earlier generation (a
   * redelivered FAILED of a run that was since requeued) and must not settle the new hold. `reason`
   * (a release's: the job's failure reason, `cancelled` or `deleted`) goes on the ledger entry.
   */
  async settle(
    userId: string,
    jobId: string,
    outcome: 'capture' | 'release',
    correlationId: string,
    eventTime?: Date,
    reason?: string,
  ): Promise<HoldView | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const account = await this.accounts.accounts.get(userId);
      const hold = account?.holds.find((h) => isHoldOfJob(h, jobId));
      if (!account || !hold) return null;
      if (eventTime && hold.createdAt.getTime() - eventTime.getTime() > CLOCK_SKEW_TOLERANCE_MS) return null;
      const now = this.accounts.now();
      const captured = outcome === 'capture';
      const change = accountChange({
        kind: outcome,
        balanceDelta: captured ? -hold.amount : 0,
        heldDelta: -hold.amount,
        allowanceDelta: !captured && hold.takenFrom === 'allowance' ? -1 : 0,
        reference: jobId,
        reason: captured ? undefined : reason,
        correlationId,
        at: now,
      });
      const settled: SettledHold = {
        holdId: hold.holdId,
        jobId,
        generation: generationOfHold(hold),
        takenFrom: hold.takenFrom,
        amount: hold.amount,
        state: captured ? 'captured' : 'released',
        settledAt: now,
      };
      const restore = captured ? null : this.allowanceToRestore(account, hold);
      if (restore === null && change.allowanceDelta !== 0) change.allowanceDelta = 0;
      const updated = await this.accounts.accounts.settleHold(userId, hold, settled, change, restore);
      if (updated) {
        this.accounts.changed();
        this.accounts.observer.holdChanged(hold.takenFrom, settled.state);
        if (updated.settledHolds.length > SETTLED_HOLDS_KEPT) {
          await this.accounts.accounts.trimSettledHolds(userId, SETTLED_HOLDS_KEPT);
        }
        return { holdId: hold.holdId, userId, takenFrom: hold.takenFrom, amount: hold.amount, state: settled.state };
      }
    }
    throw new Error(`could not settle the hold of job ${jobId}: the account kept changing`);
  }

  /** A released allowance generation goes back only while its period is the current one. */
  private allowanceToRestore(account: Account, hold: Hold): AllowancePeriod | null {
    const subscription = account.subscription;
    if (hold.takenFrom !== 'allowance' || !subscription || !hold.periodStart) return null;
    if (subscription.periodStart.getTime() !== hold.periodStart.getTime()) return null;
    return {
      periodStart: subscription.periodStart,
      allowance: subscription.allowanceLimit === null ? 'unlimited' : 'limited',
    };
  }

  private async reread(userId: string): Promise<Account> {
    const account = await this.accounts.accounts.get(userId);
    if (!account) throw new CommerceDomainError('conflict', 'The account was removed meanwhile.');
    return account;
  }
}
