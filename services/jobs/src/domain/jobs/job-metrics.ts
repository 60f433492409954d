import { GENERATION_FAILURE_REASONS } from '../generation/video-provider';
import type { Job } from './job';

/*
 * What the jobs domain reports as it works, for the service's metrics. The domain knows no metrics
 * library: the API and the worker each pass their recorder in (prom-client, `entry-points/metrics/`).
 * Every call follows the write it reports, once that write has succeeded.
 */

/** How one render attempt ended: COMPLETED, FAILED, handed back to the queue at shutdown, or taken away. */
export type AttemptOutcome = 'completed' | 'failed' | 'retried' | 'abandoned';

/** One conditional claim write won, or lost to another worker; or a look that found the queue empty. */
export const CLAIM_OUTCOMES = ['claimed', 'lost', 'none'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/**
 * Why an attempt failed: the reason written on the job, except that a failed output check (written
 * as `unknown`) is told apart — a broken renderer or ffmpeg shows there, not among the crashes.
 */
export const FAILURE_KINDS = [...GENERATION_FAILURE_REASONS, 'output_check'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Both sides finish jobs: the worker's renders, the administrator's mark-failed. */
export interface FinishedJobMetrics {
  /** The job reached COMPLETED or FAILED (the job as written: it ended at its `updatedAt`). */
  finished(job: Job): void;
}

export interface JobsApiMetrics extends FinishedJobMetrics {
  /** The creation saga (or its reconciler) made the job PENDING. */
  created(job: Job): void;
  /** The dispatcher sent `job.created` again for `count` PENDING jobs. */
  redispatched(count: number): void;
  /** Its owner cancelled a job that was `from` (not a finish: it stays out of the finished SLO counts). */
  cancelled(from: 'PENDING' | 'PROCESSING'): void;
}

export interface JobsWorkerMetrics extends FinishedJobMetrics {
  claimed(outcome: ClaimOutcome): void;
  /** A claim started an attempt (the job as claimed: its `startedAt` and history). */
  attemptStarted(job: Job): void;
  /** The attempt the claim of `job` started has ended. */
  attemptEnded(job: Job, outcome: AttemptOutcome): void;
  attemptFailed(kind: FailureKind): void;
  /** One pass of the lease sweeper, which took back `expired` jobs whose lease had run out. */
  leasesSwept(expired: number): void;
  /** A render began (+1) or ended (-1) on this worker. */
  rendering(change: 1 | -1): void;
  /** This worker's render slots (WORKER_CONCURRENCY). */
  renderSlots(count: number): void;
}
