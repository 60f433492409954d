import {
  frameOfQuality,
  isWithinResolution,
  JOB_QUALITIES,
  RESOLUTION_OF_QUALITY,
  resolutionRank,
  type JobAspectRatio,
  type JobQuality,
  type JobSpeed,
  type PriceRule,
  type Resolution,
  type VideoFrame,
} from '@kadr/contracts';
import { priceOf, priceRule } from '../catalogue/price-rule';

/** The qualities from low to high: the steps an upscale climbs one at a time (Lite → Standard → Pro → Ultra). */
export const UPSCALE_LADDER: readonly JobQuality[] = [...JOB_QUALITIES].sort(
  (a, b) => resolutionRank(RESOLUTION_OF_QUALITY[a]) - resolutionRank(RESOLUTION_OF_QUALITY[b]),
);

/**
 * The price rule of an upscale: the built-in renderer's (1 credit per second), because the work is the worker's own
 * ffmpeg whatever model made the source — a hosted model's rate would charge for a provider that is never called.
 */
export const UPSCALE_PRICE_RULE: PriceRule = priceRule(1);

/** The ffmpeg scaling filter of an upscale (lanczos: sharper than bicubic for a 1.5× step, without ringing to speak of). */
export const upscaleFilterOf = (width: number, height: number): string => `scale=${width}:${height}:flags=lanczos`;

/** What an upscale is computed from: the source job's settings. */
export interface UpscaleSource {
  quality: JobQuality;
  aspectRatio: JobAspectRatio;
  durationSeconds: number;
  speed: JobSpeed;
}

export type UpscaleTarget =
  | { possible: true; quality: JobQuality; frame: VideoFrame; cost: number }
  /** Already the highest quality: nothing to go up to. */
  | { possible: false; refusal: 'top' }
  /** The next quality's frame is above the plan's cap (its long side): `quality` and `frame` say what it would be. */
  | { possible: false; refusal: 'plan_cap'; quality: JobQuality; frame: VideoFrame; cost: number };

/** The next quality up from `quality`, or null at the top of the ladder. */
export function nextQualityUp(quality: JobQuality): JobQuality | null {
  return UPSCALE_LADDER[UPSCALE_LADDER.indexOf(quality) + 1] ?? null;
}

/**
 * The target of upscaling `source` under a plan capped at `maxResolution`: the next quality up in the source's shape
 * (9:16 Standard 720×1280 → Pro 1080×1920), priced by the price rule for that quality at the source's length and
 * speed — exactly what a new video of those settings would cost with the built-in renderer.
 */
export function upscaleTargetOf(source: UpscaleSource, maxResolution: Resolution): UpscaleTarget {
  const quality = nextQualityUp(source.quality);
  if (!quality) return { possible: false, refusal: 'top' };
  const frame = frameOfQuality(quality, source.aspectRatio);
  const cost = priceOf(UPSCALE_PRICE_RULE, source.durationSeconds, quality, source.speed);
  if (!isWithinResolution(frame.resolution, maxResolution)) {
    return { possible: false, refusal: 'plan_cap', quality, frame, cost };
  }
  return { possible: true, quality, frame, cost };
}
