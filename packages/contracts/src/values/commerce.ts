import { isWithinResolution, type Resolution } from './resolutions';

/** Lowercase plan ids of the plan screen (ARCHITECTURE §3), from the smallest plan to the largest. */
export const PLAN_IDS = ['starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Badge tier (ARCHITECTURE §3): no plan → FREE, starter and pro → PRO, enterprise → ENTERPRISE. */
export const TIERS = ['FREE', 'PRO', 'ENTERPRISE'] as const;
export type Tier = (typeof TIERS)[number];

/** The resolution cap of each plan (ARCHITECTURE §3: Starter 720p, Pro 1080p, Enterprise 4K). */
export const MAX_RESOLUTION_OF_PLAN = {
  starter: '720p',
  pro: '1080p',
  enterprise: '2160p',
} as const satisfies Record<PlanId, Resolution>;

/** The cap without a plan (tier FREE, credits only). */
export const FREE_MAX_RESOLUTION = '720p' satisfies Resolution;

/** The smallest plan whose cap includes `resolution` (what an upgrade would bring). */
export function planLifting(resolution: Resolution): PlanId {
  // The largest plan's cap is the highest resolution, so one always does.
  return PLAN_IDS.find((plan) => isWithinResolution(resolution, MAX_RESOLUTION_OF_PLAN[plan])) ?? 'enterprise';
}
