import type { JobQuality, JobSpeed, PriceRule } from '@kadr/contracts';

/** Quality costs what it renders: pixels per frame roughly double per step. */
export const QUALITY_FACTORS: Record<JobQuality, number> = { Lite: 0.5, Standard: 1, Pro: 2, Ultra: 4 };

/** Faster turnaround costs more (more compute at once); Slow is the discount for patience. */
export const SPEED_FACTORS: Record<JobSpeed, number> = { Slow: 0.8, Normal: 1, Fast: 1.25, 'Ultra Fast': 1.5 };

export function priceRule(creditsPerSecond: number): PriceRule {
  return {
    formula: 'credits = ⌈credits per second × duration (s) × quality factor × speed factor⌉',
    creditsPerSecond,
    qualityFactors: { ...QUALITY_FACTORS },
    speedFactors: { ...SPEED_FACTORS },
    rounding: 'up',
  };
}

/** The credits a job costs outside the plan's allowance (docs/decisions.md, jobs). */
export function priceOf(rule: PriceRule, duration: number, quality: JobQuality, speed: JobSpeed): number {
  const exact = rule.creditsPerSecond * duration * rule.qualityFactors[quality] * rule.speedFactors[speed];
  // Rounded to 6 decimals first so float noise (4.000000000001) does not add a credit.
  return Math.max(1, Math.ceil(Number(exact.toFixed(6))));
}
