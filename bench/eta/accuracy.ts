/**
 * How far each estimate was from the real finish, for the service's estimates and for the same-run
 * baseline (a constant render time, the warm-up's mean, that ignores the queue and progress), in two
 * measures: as a share of the time the user still had to wait when it was read (submission → finish;
 * 50 % → finish), and as a share of the job's actual duration (submission → finish), the issue's
 * measure. At submission the two are the same; at 50 % the first is the stricter.
 */
import type { EstimateRead, JobObservation } from './eta-observer';

export type Moment = 'submission' | 'midpoint';

export interface AccuracyRow {
  moment: Moment;
  /** Jobs completed that had a read at this moment. */
  jobs: number;
  /** Reads that carried no estimate (no history, or no forecast in the read). */
  noEstimate: number;
  /** Absolute errors in % of the remaining time, of the reads with an estimate. */
  errors: number[];
  /** The same with their sign: below 0 the estimate was too early (the job finished later). */
  signedErrors: number[];
  /** The baseline's errors on the same reads (those with an estimate). */
  baselineErrors: number[];
  /** Absolute errors in % of the job's actual duration (submission → finish). */
  errorsOfDuration: number[];
}

/** Nearest rank: the smallest value with at least p % of the values at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** (estimate − finish) as a % of (finish − from): below 0 the estimate was too early. */
export const signedErrorPercent = (estimate: number, finish: number, from: number): number =>
  ((estimate - finish) / Math.max(1, finish - from)) * 100;

/**
 * The naive estimate: a render takes the warm-up's mean render time from submitting, whatever waits
 * ahead; half of it is left at 50 %.
 */
export function baselineFinish(moment: Moment, from: number, meanRenderMs: number): number {
  return from + (moment === 'submission' ? meanRenderMs : meanRenderMs / 2);
}

export function accuracyOf(jobs: readonly JobObservation[], moment: Moment, meanRenderMs: number): AccuracyRow {
  const row: AccuracyRow = {
    moment,
    jobs: 0,
    noEstimate: 0,
    errors: [],
    signedErrors: [],
    baselineErrors: [],
    errorsOfDuration: [],
  };
  for (const job of jobs) {
    const read: EstimateRead | undefined = moment === 'submission' ? job.atSubmission : job.atMidpoint;
    if (job.completedAt === undefined || !read) continue;
    row.jobs += 1;
    // Submission: the wait counts from POST /jobs; midpoint: from the read.
    const from = moment === 'submission' ? job.submittedAt : read.readAt;
    if (read.estimatedFinishAt === null) {
      row.noEstimate += 1;
      continue;
    }
    const signed = signedErrorPercent(read.estimatedFinishAt, job.completedAt, from);
    row.signedErrors.push(signed);
    row.errors.push(Math.abs(signed));
    row.errorsOfDuration.push(Math.abs(signedErrorPercent(read.estimatedFinishAt, job.completedAt, job.submittedAt)));
    const baseline = baselineFinish(moment, from, meanRenderMs);
    row.baselineErrors.push(Math.abs(signedErrorPercent(baseline, job.completedAt, from)));
  }
  return row;
}
