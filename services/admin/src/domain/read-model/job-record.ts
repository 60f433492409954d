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
 * Within one attempt a job moves PENDING → PROCESSING → COMPLETED | FAILED; the rank breaks ties
 * between steps of one millisecond (an instant render starts and completes in one, a job created
 * and marked failed in one). COMPLETED and FAILED are never both reached in one attempt and one
 * millisecond; they get different ranks only so that the outcome never depends on arrival order.
 */
const RANK: Record<PublicJobStatus, number> = { PENDING: 0, PROCESSING: 1, COMPLETED: 2, FAILED: 3 };

/**
 * The position of a job event in its job's history, as a string that sorts in history order:
 * attempt first (a worker's claim raises it, so a later attempt wins whatever the clocks of the
 * processes say), then the event's time, then the rank of the status. The jobs service's events
 * carry no sequence number; this order agrees with its history as long as a step that moves a
 * job back to PENDING within an attempt (a lease sweep, an administrator's requeue) is at least
 * one millisecond after the step before it — a lease has run out, a person has looked. Every
 * delivery of an event has the same order, so the newest-wins record is the same for any arrival
 * order and any number of duplicates.
 *
 * `job.created` carries no attempt and the job's original creation time: it is attempt 0, so a
 * copy published again on requeue or re-dispatch never moves a job back.
 */
export function jobStepOrder(step: { attempt: number; at: Date; status: PublicJobStatus }): string {
  const attempt = String(Math.max(0, Math.trunc(step.attempt))).padStart(10, '0');
  const millis = String(Math.max(0, step.at.getTime())).padStart(16, '0');
  return `${attempt}.${millis}.${RANK[step.status]}`;
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
