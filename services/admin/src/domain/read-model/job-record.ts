import type { AdminJobCounts, PublicJobStatus } from '@kadr/contracts';

/** A job as the read model counts it: the status of the newest event in its history, or deleted (which is final). */
export interface JobRecord {
  /** The job id. */
  id: string;
  userId: string;
  status: PublicJobStatus;
  /** The time of the event that set `status`. */
  statusAt: Date;
  /** `jobStepOrder` of the event that set `status`; only a later one replaces it (absent on records from before it existed). */
  statusOrder?: string;
  deleted: boolean;
}

/** One status a job event reports, with its place in the job's history. */
export interface JobStatusStep {
  status: PublicJobStatus;
  at: Date;
  /** `jobStepOrder(…)`: comparing two of a job's steps as strings says which came later. */
  order: string;
}

/**
 * A job moves PENDING → PROCESSING → COMPLETED | FAILED | CANCELLED; the rank breaks ties between steps of
 * one millisecond (an instant render starts and completes in one, a job is created and marked
 * failed in one). Two outcomes are never both reached (the jobs service records one, and a completed or
 * cancelled job stays so); they get different ranks only so that the outcome never depends on arrival order.
 */
const RANK: Record<PublicJobStatus, number> = { PENDING: 0, PROCESSING: 1, COMPLETED: 2, FAILED: 3, CANCELLED: 4 };

/**
 * The position of a job event in its job's history, as a string that sorts in history order:
 * the event's time, then the rank of the status. The jobs service's events carry no sequence
 * number (and their attempt can go down: a worker that shuts down hands its job back with the
 * attempt returned), so this is the order we can know. It agrees with the job's history for
 * what the counts show (active, completed, failed): within one millisecond a job only moves
 * forward (PENDING → PROCESSING → an outcome, or back to PENDING while still active); a step
 * from an outcome back to PENDING is an administrator's requeue, which comes after a person
 * looked. Every delivery of an event has the same order, so the newest-wins record is the same
 * for any arrival order and any number of duplicates. `job.created` carries the job's original
 * creation time, so a copy published again (requeue, re-dispatch, hand-back) never moves a job back.
 */
export function jobStepOrder(step: { at: Date; status: PublicJobStatus }): string {
  const millis = String(Math.max(0, step.at.getTime())).padStart(16, '0');
  return `${millis}.${RANK[step.status]}`;
}

/** Whether `step` is later in the job's history than the step `job` shows (records without an order: by time, as before). */
export function isLaterStep(job: JobRecord, step: JobStatusStep): boolean {
  if (job.statusOrder === undefined) return job.statusAt.getTime() <= step.at.getTime();
  return job.statusOrder < step.order;
}

export type JobCounts = AdminJobCounts;

export const NO_JOBS: JobCounts = { total: 0, completed: 0, failed: 0, active: 0 };

/** Adds `n` jobs of `status` to the counts. */
export function countJobs(counts: JobCounts, status: PublicJobStatus, n = 1): JobCounts {
  return {
    total: counts.total + n,
    completed: counts.completed + (status === 'COMPLETED' ? n : 0),
    failed: counts.failed + (status === 'FAILED' ? n : 0),
    active: counts.active + (status === 'PENDING' || status === 'PROCESSING' ? n : 0),
  };
}
