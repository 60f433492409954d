import type { PlanId, SubscriptionDetails } from '@kadr/contracts';

/** The plan that runs now (active, or cancelled but still inside its period); null without one. */
export function runningPlanOf(subscription: SubscriptionDetails | undefined): PlanId | null {
  if (!subscription?.plan) return null;
  return subscription.status === 'active' || subscription.status === 'cancelled' ? subscription.plan : null;
}

/** Cancelled at period end: the plan still runs, it will not go on. */
export function isCancelledAtPeriodEnd(subscription: SubscriptionDetails | undefined): boolean {
  return (
    runningPlanOf(subscription) !== null && (subscription?.status === 'cancelled' || !!subscription?.cancelAtPeriodEnd)
  );
}
