import type { JobChange } from '../../data-access/jobs/job.repository';
import type { Job } from './job';
import { progressStep, type FailureKind } from './job-events';

/**
 * → FAILED with a `failed` event naming the catalogue reason (commerce releases the hold), the
 * lease dropped: how the administrator's mark-failed and the worker (a failed render, a job out of
 * attempts) fail a job. The caller writes it on its own condition.
 */
export function failedChange(
  job: Job,
  now: Date,
  actor: string,
  reason: string,
  message: string,
  failureKind?: FailureKind,
): JobChange {
  const failed: Job = { ...job, status: 'FAILED', errorCode: reason, errorMessage: message, updatedAt: now };
  const step = progressStep(failed, 'failed', now, actor, { message, errorCode: reason, failureKind });
  return {
    set: {
      status: 'FAILED',
      errorCode: reason,
      errorMessage: message,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    },
    outbox: step.entries,
    history: step.history,
  };
}
