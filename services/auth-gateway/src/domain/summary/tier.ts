import { FREE_MAX_RESOLUTION, MAX_RESOLUTION_OF_PLAN, type PlanId, type Resolution, type Tier } from '@kadr/contracts';

/** The top-bar badge (spec §2): FREE without a plan (the contract's `TIERS`). */
export { TIERS, type Tier } from '@kadr/contracts';

/** ARCHITECTURE §3: no plan → FREE, starter and pro → PRO, enterprise → ENTERPRISE. */
export function tierOf(plan: PlanId | null): Tier {
  switch (plan) {
    case null:
      return 'FREE';
    case 'starter':
    case 'pro':
      return 'PRO';
    case 'enterprise':
      return 'ENTERPRISE';
  }
}

/**
 * The resolution cap to assume when commerce did not say: the plan's cap (Starter 720p, Pro 1080p,
 * Enterprise 4K = 2160p), or 720p without a plan (ARCHITECTURE §3).
 */
export function defaultMaxResolution(plan: PlanId | null): Resolution {
  return plan === null ? FREE_MAX_RESOLUTION : MAX_RESOLUTION_OF_PLAN[plan];
}
