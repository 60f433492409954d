import type { JobCounts, JobRecord, JobStatusStep } from '../domain/read-model/job-record';

export interface JobRef {
  jobId: string;
  userId: string;
}

/**
 * The jobs of the read model, only as far as the users list counts them. Idempotent and
 * independent of arrival order: a status changes only for a step later in the job's history
 * (`jobStepOrder`) than the one that set it, and never after deletion.
 */
export interface JobRepository {
  recordStatus(job: JobRef, step: JobStatusStep): Promise<void>;
  recordDeletion(job: JobRef, at: Date): Promise<void>;
  find(jobId: string): Promise<JobRecord | null>;
  /** The counts of each user's jobs that are not deleted (users without jobs are left out). */
  countsByUser(userIds: string[]): Promise<Map<string, JobCounts>>;
  /** Removes every record of the user; returns how many. */
  deleteByUser(userId: string): Promise<number>;
  close(): Promise<void>;
}
