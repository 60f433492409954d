import type { PlanId, Resolution, SubscriptionDetails, Tier } from '@kadr/contracts';
import { FREE_TIER, findPlan } from '../catalogue/catalogue';
import type { Subscription } from '../credits/account';
import { addMonths, periodAt } from './periods';

/** True while the plan gives its allowance and resolution: activated and not yet ended. */
export function isRunning(subscription: Subscription | null, now: Date): subscription is Subscription {
  return subscription !== null && runsAt(subscription, now);
}

function runsAt(subscription: Subscription, now: Date): boolean {
  return subscription.activatedAt <= now && now < subscription.endsAt;
}

/** True when the stored period is over but the plan runs on: usage must reset before it is used. */
export function needsNewPeriod(subscription: Subscription, now: Date): boolean {
  return isRunning(subscription, now) && now >= subscription.periodEnd;
}

/** The same subscription in the period containing `now`, usage reset. */
export function inCurrentPeriod(subscription: Subscription, now: Date): Subscription {
  const period = periodAt(subscription.activatedAt, now);
  return {
    ...subscription,
    periodStart: period.start,
    periodEnd: period.end,
    allowanceUsed: 0,
    allowanceRemaining: subscription.allowanceLimit,
  };
}

/** A plan bought by `orderId`, running one monthly period from `now`. */
export function newSubscription(planId: PlanId, orderId: string, now: Date, months = 1): Subscription {
  const plan = findPlan(planId);
  return {
    planId,
    orderId,
    activatedAt: now,
    periodStart: now,
    periodEnd: addMonths(now, 1),
    endsAt: addMonths(now, months),
    cancelAtPeriodEnd: false,
    allowanceLimit: plan.monthlyGenerations,
    allowanceUsed: 0,
    allowanceRemaining: plan.monthlyGenerations,
    maxResolution: plan.maxResolution,
  };
}

/**
 * A paid plan order applied to the current subscription: the same plan still running gets one
 * more period at its end (usage and periods go on); with no plan running the new plan starts
 * now. A different plan while one runs: null — it cannot be applied. Create-order refuses that
 * (409), but two orders created before either was paid can both be paid; replacing the running
 * plan would throw away a paid period and the generations already taken in it (found by the
 * ledger model check, seed 224519128: the allowance read 0 used with 5 generations held).
 */
export function applyPlanOrder(
  current: Subscription | null,
  planId: PlanId,
  orderId: string,
  now: Date,
): Subscription | null {
  if (isRunning(current, now) && current.planId !== planId) return null;
  if (isRunning(current, now)) {
    const months = Math.round(monthsBetween(current.activatedAt, current.endsAt)) + 1;
    return {
      ...current,
      orderId,
      cancelAtPeriodEnd: false,
      endsAt: addMonths(current.activatedAt, months),
    };
  }
  return newSubscription(planId, orderId, now);
}

/**
 * The plan after a chargeback of one of its paid periods: it ends one monthly period earlier, but not
 * before `now` (what was already used cannot be given back); ending at `now` when that was its only period
 * left. Null when there is no time to take: the plan is not running, or it is a different plan (the
 * order's own time ran out before it started, or the order was never applied to it).
 */
export function withoutOnePeriod(current: Subscription | null, planId: PlanId, now: Date): Subscription | null {
  if (!isRunning(current, now) || current.planId !== planId) return null;
  const months = Math.round(monthsBetween(current.activatedAt, current.endsAt));
  const shortened = addMonths(current.activatedAt, months - 1);
  return { ...current, endsAt: shortened > now ? shortened : now };
}

function monthsBetween(from: Date, to: Date): number {
  let months = 0;
  while (addMonths(from, months + 1) <= to) months += 1;
  return months;
}

export interface Entitled {
  plan: PlanId | null;
  tier: Tier;
  maxResolution: Resolution;
}

/** What the user may do now: the running plan's tier and cap, or FREE. */
export function entitlementsOf(subscription: Subscription | null, now: Date): Entitled {
  if (!isRunning(subscription, now)) return { plan: null, ...FREE_TIER };
  const plan = findPlan(subscription.planId);
  return { plan: plan.id, tier: plan.tier, maxResolution: plan.maxResolution };
}

/** The subscription as `GET /api/commerce/subscription` shows it (the period is the current one). */
export function subscriptionView(stored: Subscription | null, now: Date): SubscriptionDetails {
  if (stored === null) {
    return { plan: null, status: 'none', allowance: null, ...FREE_TIER, periodStart: null, cancelAtPeriodEnd: false };
  }
  if (!runsAt(stored, now)) {
    return {
      plan: null,
      status: 'expired',
      allowance: null,
      ...FREE_TIER,
      periodStart: null,
      cancelAtPeriodEnd: stored.cancelAtPeriodEnd,
    };
  }
  const current = needsNewPeriod(stored, now) ? inCurrentPeriod(stored, now) : stored;
  const { tier, maxResolution } = entitlementsOf(current, now);
  return {
    plan: current.planId,
    status: current.cancelAtPeriodEnd ? 'cancelled' : 'active',
    allowance: {
      limit: current.allowanceLimit,
      used: current.allowanceUsed,
      periodEnd: current.periodEnd.toISOString(),
    },
    maxResolution,
    tier,
    periodStart: current.periodStart.toISOString(),
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
  };
}
