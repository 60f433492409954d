import type { AiModel, JobAspectRatio, JobDuration, JobQuality, JobSpeed } from '@kadr/contracts';

/** The three choices that decide a job's price (and, through quality, its resolution). */
export interface JobOptions {
  duration: JobDuration;
  quality: JobQuality;
  speed: JobSpeed;
  /**
   * The frame shape (issue 21; absent: 16:9). It does not change the price (the rule prices the quality), only the
   * frame and so the resolution the plan's cap is checked against (the long side).
   */
  aspectRatio?: JobAspectRatio;
}

/**
 * The credits a job costs when it is paid with credits — the model's published rule, the same
 * arithmetic as the jobs service (services/jobs `priceOf`):
 * `⌈creditsPerSecond × duration × qualityFactor × speedFactor⌉`, at least 1. The product is
 * rounded to 6 decimals before rounding up, so float noise (4.000000000001) does not add a credit.
 * Null when the rule lacks a factor for a choice (the server would refuse the choice anyway).
 */
export function priceOf(model: Pick<AiModel, 'price'>, { duration, quality, speed }: JobOptions): number | null {
  const rule = model.price;
  const qualityFactor = rule.qualityFactors[quality] as number | undefined;
  const speedFactor = rule.speedFactors[speed] as number | undefined;
  if (qualityFactor === undefined || speedFactor === undefined) return null;
  const exact = rule.creditsPerSecond * duration * qualityFactor * speedFactor;
  if (!Number.isFinite(exact)) return null;
  return Math.max(1, Math.ceil(Number(exact.toFixed(6))));
}

/** The cheapest job a model offers (its shortest, lowest, slowest options): "from N credits". */
export function lowestPriceOf(model: Pick<AiModel, 'price' | 'durations' | 'qualities' | 'speeds'>): number | null {
  let lowest: number | null = null;
  for (const duration of model.durations) {
    for (const quality of model.qualities) {
      for (const speed of model.speeds) {
        const price = priceOf(model, { duration, quality, speed });
        if (price !== null && (lowest === null || price < lowest)) lowest = price;
      }
    }
  }
  return lowest;
}
