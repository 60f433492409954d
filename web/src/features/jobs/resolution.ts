import type { AiModel, JobQuality, PlanId, Resolution } from '@kadr/contracts';
import { PLAN_QUOTAS } from '../../config/constants';

/** Output resolutions from low to high (contracts `RESOLUTIONS`; a value import would pull zod in). */
const RESOLUTION_ORDER: readonly string[] = ['480p', '720p', '1080p', '2160p'];

/** The jobs service's frame per quality (services/jobs README "Price rule"), when a model does not say. */
const FRAME_RESOLUTION_OF_QUALITY: Record<JobQuality, Resolution> = {
  Lite: '480p',
  Standard: '720p',
  Pro: '1080p',
  Ultra: '2160p',
};

/** Plans from the smallest to the largest: the first whose cap reaches a resolution is the one to offer. */
const PLANS_BY_SIZE: readonly PlanId[] = ['starter', 'pro', 'enterprise'];

/** The resolution a model renders a quality at (its own table first, then the service's frames). */
export function resolutionOf(model: Pick<AiModel, 'resolutionByQuality'> | undefined, quality: JobQuality): Resolution {
  return model?.resolutionByQuality[quality] ?? FRAME_RESOLUTION_OF_QUALITY[quality];
}

/**
 * Whether `resolution` is within `cap` (commerce's and jobs' `isWithinResolution`). An unknown cap
 * (the summary has not arrived) or an unknown value blocks nothing here: the server decides.
 */
export function isWithinResolution(resolution: string, cap: string | null | undefined): boolean {
  if (!cap) return true;
  const wanted = RESOLUTION_ORDER.indexOf(resolution);
  const allowed = RESOLUTION_ORDER.indexOf(cap);
  if (wanted < 0 || allowed < 0) return true;
  return wanted <= allowed;
}

/** The smallest plan whose cap includes `resolution` (what an Upgrade would bring), or null if none does. */
export function planLifting(resolution: string): PlanId | null {
  return PLANS_BY_SIZE.find((plan) => isWithinResolution(resolution, PLAN_QUOTAS[plan].maxResolution)) ?? null;
}

/** Sorts resolutions-bearing values low → high by their resolution. */
export function resolutionRank(resolution: string): number {
  return RESOLUTION_ORDER.indexOf(resolution);
}
