import type { AdminJobCounts, PublicJobStatus } from '@kadr/contracts';

/** A job as the read model counts it: its newest status, or deleted (which is final). */
export interface JobRecord {
  /** The job id. */
  id: string;
  userId: string;
  status: PublicJobStatus;
  /** The time of the event that set `status` (newest wins). */
  statusAt: Date;
  deleted: boolean;
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
