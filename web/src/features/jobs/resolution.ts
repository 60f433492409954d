import type { AiModel } from '@kadr/contracts';
import {
  frameOfQuality,
  MAX_RESOLUTION_OF_PLAN,
  PLAN_IDS,
  RESOLUTION_OF_QUALITY,
  resolutionRank,
  type JobAspectRatio,
  type JobQuality,
  type PlanId,
  type Resolution,
} from '@kadr/contracts/values';

/**
 * The resolution a model renders a quality at (its own table first, then the contract's frame of the quality); in a
 * portrait or square shape, what its frame counts as for the plan's cap (the long side: 1080×1080 is 720p).
 */
export function resolutionOf(
  model: Pick<AiModel, 'resolutionByQuality'> | undefined,
  quality: JobQuality,
  aspectRatio: JobAspectRatio = '16:9',
): Resolution {
  if (aspectRatio !== '16:9') return frameOfQuality(quality, aspectRatio).resolution;
  return model?.resolutionByQuality[quality] ?? RESOLUTION_OF_QUALITY[quality];
}

/** "720×1280": the pixels of a quality in a shape. */
export function frameSizeOf(quality: JobQuality, aspectRatio: JobAspectRatio = '16:9'): string {
  const { width, height } = frameOfQuality(quality, aspectRatio);
  return `${width}×${height}`;
}

/**
 * Whether `resolution` is within `cap` (commerce's and jobs' `isWithinResolution`). An unknown cap
 * (the summary has not arrived) or an unknown value blocks nothing here: the server decides.
 */
export function isWithinResolution(resolution: string, cap: string | null | undefined): boolean {
  if (!cap) return true;
  const wanted = resolutionRank(resolution);
  const allowed = resolutionRank(cap);
  if (wanted < 0 || allowed < 0) return true;
  return wanted <= allowed;
}

/**
 * The smallest plan whose cap includes `resolution` (what an Upgrade would bring), or null if none
 * does (`PLAN_IDS` run from the smallest plan to the largest).
 */
export function planLifting(resolution: string): PlanId | null {
  return PLAN_IDS.find((plan) => isWithinResolution(resolution, MAX_RESOLUTION_OF_PLAN[plan])) ?? null;
}

/** Sorts resolutions-bearing values low → high by their resolution (-1 for an unknown one). */
export { resolutionRank };
