import type { PlanId, SubscriptionDetails } from '@kadr/contracts';
import { versionOf } from '../../data-access/accounts/account.repository';
import type { Account } from '../credits/account';
import type { CreditAccounts } from '../credits/accounts';
import { CommerceDomainError } from '../errors';
import { applyPlanOrder, inCurrentPeriod, isRunning, needsNewPeriod, subscriptionView } from './subscription-rules';

const MAX_ATTEMPTS = 8;

export type PlanOrderOutcome = 'activated' | 'already_applied' | 'not_applicable';

/**
 * The user's plan, stored on the credit account so the allowance and the credits change in one
 * update. Every change here is a compare-and-set on the subscription read (its order, period
 * start, usage and cancel flag), retried on a miss, so a concurrent allowance hold is never lost.
 */
export class Subscriptions {
  constructor(private readonly accounts: CreditAccounts) {}

  async view(userId: string, correlationId: string): Promise<SubscriptionDetails> {
    const account = await this.accounts.ensure(userId, correlationId);
    return subscriptionView(account.subscription, this.accounts.now());
  }

  /** Resets the usage when the stored period is over and the plan runs on (answers the fresh account). */
  async startCurrentPeriod(userId: string, account: Account, now: Date): Promise<Account> {
    let current = account;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const subscription = current.subscription;
      if (!subscription || !needsNewPeriod(subscription, now)) return current;
      const updated = await this.accounts.accounts.replaceSubscription(
        userId,
        versionOf(subscription),
        inCurrentPeriod(subscription, now),
      );
      if (updated) return updated;
      current = (await this.accounts.accounts.get(userId)) ?? current;
    }
    return current;
  }

  /**
   * Applies a paid plan order once: `activated` (started or extended), `already_applied` (a
   * repeated event), or `not_applicable` — a different plan is running (see applyPlanOrder): the
   * order is recorded as applied, so it is looked at once, and the running plan stays; the caller
   * logs it for a refund by a person, as a second payment of one order is.
   */
  async activate(userId: string, planId: PlanId, orderId: string, correlationId: string): Promise<PlanOrderOutcome> {
    let account = await this.accounts.ensure(userId, correlationId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (account.appliedOrderIds.includes(orderId)) return 'already_applied';
      const now = this.accounts.now();
      const current = account.subscription;
      const next = applyPlanOrder(current, planId, orderId, now);
      const updated = await this.accounts.accounts.replaceSubscription(
        userId,
        current ? versionOf(current) : null,
        next ?? current,
        orderId,
      );
      if (updated) return next ? 'activated' : 'not_applicable';
      account = (await this.accounts.accounts.get(userId)) ?? account;
    }
    throw new Error(`could not activate plan order ${orderId}: the account kept changing`);
  }

  /** Cancel at period end: the plan keeps running until the current period ends. Idempotent. */
  async cancel(userId: string, correlationId: string): Promise<SubscriptionDetails> {
    let account = await this.accounts.ensure(userId, correlationId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const now = this.accounts.now();
      account = await this.startCurrentPeriod(userId, account, now);
      const subscription = account.subscription;
      if (!isRunning(subscription, now)) {
        throw new CommerceDomainError('conflict', 'There is no running plan to cancel.');
      }
      if (subscription.cancelAtPeriodEnd) return subscriptionView(subscription, now);
      const updated = await this.accounts.accounts.replaceSubscription(userId, versionOf(subscription), {
        ...subscription,
        cancelAtPeriodEnd: true,
        endsAt: subscription.periodEnd,
      });
      if (updated) return subscriptionView(updated.subscription, now);
      account = (await this.accounts.accounts.get(userId)) ?? account;
    }
    throw new CommerceDomainError('conflict', 'The plan changed meanwhile; please retry.');
  }
}
