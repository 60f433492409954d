import type { JobChange, JobRepository } from '../../data-access/jobs/job.repository';
import { JobsDomainError } from '../errors';
import type { Job } from './job';
import { progressStep } from './job-events';
import type { JobsApiMetrics } from './job-metrics';

export interface JobCancellationDeps {
  jobs: JobRepository;
  onOutboxWritten(): void;
  metrics: Pick<JobsApiMetrics, 'cancelled'>;
}

/** The reason a cancelled job carries (its `errorCode`, and `job.progress` CANCELLED's `error_code`). */
export const CANCELLED_REASON = 'cancelled';
const CANCELLED_MESSAGE = 'Cancelled by you';

/** Reads of a job that kept changing under the cancel before it gives up (each is one conditional write). */
const MAX_ROUNDS = 5;

/**
 * PENDING or PROCESSING → CANCELLED with a `cancelled` event, the lease dropped, in ONE conditional
 * write on the status and attempt the caller read: whichever change is recorded first wins. Commerce
 * releases the hold on that event; a worker rendering the job finds it taken away at its next write
 * (a progress step or the lease heartbeat), stops ffmpeg and throws the partial output away.
 */
export function cancelledChange(job: Job, now: Date, actor: string): JobChange {
  const cancelled: Job = {
    ...job,
    status: 'CANCELLED',
    errorCode: CANCELLED_REASON,
    errorMessage: CANCELLED_MESSAGE,
    updatedAt: now,
  };
  const step = progressStep(cancelled, 'cancelled', now, actor, {
    message: CANCELLED_MESSAGE,
    errorCode: CANCELLED_REASON,
  });
  return {
    set: {
      status: 'CANCELLED',
      errorCode: CANCELLED_REASON,
      errorMessage: CANCELLED_MESSAGE,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    },
    outbox: step.entries,
    history: step.history,
  };
}

/**
 * A user cancels their own job. Idempotent: a cancelled job answers as it is. A job that completed
 * or failed first stays so, and the user is told why (409). Someone else's job is a 404.
 */
export class JobCancellation {
  constructor(private readonly deps: JobCancellationDeps) {}

  async cancel(jobId: string, userId: string): Promise<Job> {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const job = await this.deps.jobs.findById(jobId);
      if (!job || job.userId !== userId || job.deletedAt || job.status === 'RESERVING') {
        throw new JobsDomainError('not_found', 'No such job.');
      }
      if (job.status === 'CANCELLED') return job;
      if (job.status === 'COMPLETED') {
        throw new JobsDomainError('conflict', 'This video has already finished, so it can no longer be cancelled.');
      }
      if (job.status === 'FAILED') {
        throw new JobsDomainError(
          'conflict',
          'This video has already failed and its credits were returned, so there is nothing to cancel.',
        );
      }
      const updated = await this.deps.jobs.update(
        job.id,
        { status: [job.status], attempt: job.attempt },
        cancelledChange(job, new Date(), userId),
      );
      if (updated) {
        this.deps.onOutboxWritten();
        this.deps.metrics.cancelled(job.status);
        return updated;
      }
      // Claimed, progressed or finished meanwhile: read it again and decide on what it is now.
    }
    throw new JobsDomainError('conflict', 'The job kept changing; try again.');
  }
}
