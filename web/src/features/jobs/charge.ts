import type { Allowance, AiModel, Credits, PlanId } from '@kadr/contracts';
import { priceOf, type JobOptions } from './price';
import { isWithinResolution, resolutionOf } from './resolution';

/** What the user summary says about paying for a job (the top bar's store holds it). */
export interface Entitlements {
  plan: PlanId | null;
  allowance: Allowance | null;
  maxResolution: string | null;
  credits: Credits | null;
}

/** How a job would be paid, shown before it is submitted. */
export type ChargePreview =
  | {
      kind: 'allowance';
      /** Generations of the period (null = unlimited) and how many are used. */
      limit: number | null;
      used: number;
      periodEnd: string;
    }
  | {
      kind: 'credits';
      /** Null when the model's rule cannot price the choice. */
      cost: number | null;
      /** Credits free to spend (balance − held); null when the balance is unknown. */
      available: number | null;
      held: number;
      /** `available − cost`; null when either is unknown. */
      remaining: number | null;
      /** The plan would have covered it, but this period's generations are used up. */
      allowanceUsedUp: boolean;
    };

/**
 * Whether the plan's allowance pays for a job at `resolution` — commerce's hold rule
 * (services/commerce README "Money rules"): a running plan, the job's resolution within the plan's
 * cap, and a generation left in the period (`limit` null = unlimited).
 */
export function allowanceCovers(resolution: string, entitlements: Entitlements): boolean {
  const { plan, allowance, maxResolution } = entitlements;
  if (plan === null || allowance === null) return false;
  if (!isWithinResolution(resolution, maxResolution)) return false;
  return allowance.limit === null || allowance.used < allowance.limit;
}

/** The price preview of a job: included in the plan, or its credits against the balance. */
export function previewCharge(
  model: Pick<AiModel, 'price' | 'resolutionByQuality'>,
  options: JobOptions,
  entitlements: Entitlements,
): ChargePreview {
  const resolution = resolutionOf(model, options.quality, options.aspectRatio);
  const { allowance, credits, plan } = entitlements;
  if (allowance && allowanceCovers(resolution, entitlements)) {
    return { kind: 'allowance', limit: allowance.limit, used: allowance.used, periodEnd: allowance.periodEnd };
  }
  const cost = priceOf(model, options);
  const available = credits ? Math.max(0, credits.balance - credits.heldCredits) : null;
  return {
    kind: 'credits',
    cost,
    available,
    held: credits?.heldCredits ?? 0,
    remaining: cost !== null && available !== null ? available - cost : null,
    allowanceUsedUp:
      plan !== null &&
      allowance !== null &&
      allowance.limit !== null &&
      allowance.used >= allowance.limit &&
      isWithinResolution(resolution, entitlements.maxResolution),
  };
}
