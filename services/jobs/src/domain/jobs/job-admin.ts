import { resolutionOfFrame } from '@kadr/contracts';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import {
  HoldConflictError,
  InsufficientCreditsError,
  type CommerceClient,
} from '../../integrations/commerce/commerce-client';
import { JobsDomainError } from '../errors';
import { VISIBLE_STATUSES, type Job, type JobStatus } from './job';
import { createdStep, deletedStep } from './job-events';
import { failedChange } from './job-failure';
import type { JobsApiMetrics } from './job-metrics';

export interface JobAdminDeps {
  jobs: JobRepository;
  commerce: CommerceClient;
  /** Attempts a requeue adds to the job's budget. */
  attemptLimit: number;
  onOutboxWritten(): void;
  metrics: JobsApiMetrics;
}

const notFound = () => new JobsDomainError('not_found', 'No such job.');
const changedMeanwhile = () => new JobsDomainError('conflict', 'The job changed meanwhile; try again.');

/**
 * The administrator's operations on jobs (spec §6). Each state change is one conditional write
 * carrying its events; commerce settles the money from those events (the jobs service never
 * captures or releases).
 */
export class JobAdministration {
  constructor(private readonly deps: JobAdminDeps) {}

  async listForUser(userId: string, skip: number, take: number): Promise<{ items: Job[]; total: number }> {
    const [items, total] = await Promise.all([
      this.deps.jobs.listForUser(userId, { statuses: VISIBLE_STATUSES, skip, take }),
      this.deps.jobs.countForUser(userId, VISIBLE_STATUSES),
    ]);
    return { items, total };
  }

  async get(jobId: string): Promise<Job> {
    const job = await this.deps.jobs.findById(jobId);
    if (!job || job.deletedAt || job.status === 'RESERVING') throw notFound();
    return job;
  }

  /**
   * FAILED or stuck (PENDING, PROCESSING) → PENDING with an open hold, `job.created` again.
   * A stuck job asks for its current hold generation again (idempotent: the open hold is
   * reused). A FAILED job's hold was released (or is being released), so it asks for the next
   * generation — a new hold, taken once however often the requeue is retried; 402 leaves the
   * job FAILED, and 409 while commerce has not yet released the previous generation.
   */
  async requeue(jobId: string, admin: string, correlationId: string): Promise<Job> {
    const job = await this.get(jobId);
    if (job.status === 'COMPLETED') throw new JobsDomainError('conflict', 'A completed job cannot be requeued.');
    if (job.status === 'CANCELLED') {
      throw new JobsDomainError('conflict', 'Its owner cancelled this job; it cannot be requeued.');
    }
    const current = job.holdGeneration ?? 1;
    const generation = job.status === 'FAILED' ? current + 1 : current;
    let hold;
    try {
      hold = await this.deps.commerce.hold(
        {
          jobId: job.id,
          userId: job.userId,
          amount: job.cost,
          resolution: resolutionOfFrame(job.width, job.height),
          generation,
        },
        correlationId,
      );
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        throw new JobsDomainError('insufficient_credits', error.detail);
      }
      if (error instanceof HoldConflictError) {
        throw new JobsDomainError(
          'conflict',
          `The job's previous hold is not released yet; try again shortly. (${error.detail})`,
        );
      }
      throw error;
    }
    if (hold.state !== 'held') {
      throw new JobsDomainError(
        'conflict',
        `Commerce has already ${hold.state} this job's hold (generation ${generation}); it cannot be reused.`,
      );
    }
    const now = new Date();
    const queued: Job = {
      ...job,
      status: 'PENDING',
      progress: 0,
      chargedFrom: hold.takenFrom,
      holdGeneration: generation,
      attemptLimit: job.attempt + this.deps.attemptLimit,
      errorCode: null,
      errorMessage: null,
      updatedAt: now,
    };
    const step = createdStep(queued, now, admin, 'Requeued by the administrator');
    const updated = await this.deps.jobs.update(
      job.id,
      { status: [job.status], attempt: job.attempt },
      {
        set: {
          status: 'PENDING',
          progress: 0,
          chargedFrom: hold.takenFrom,
          holdGeneration: generation,
          attemptLimit: queued.attemptLimit,
          leaseOwner: null,
          leaseUntil: null,
          errorCode: null,
          errorMessage: null,
          updatedAt: now,
        },
        outbox: step.entries,
        history: step.history,
      },
    );
    if (!updated) throw changedMeanwhile();
    this.deps.onOutboxWritten();
    return updated;
  }

  /** PENDING or PROCESSING → FAILED with a `failed` event (commerce releases the hold). FAILED stays FAILED. */
  async markFailed(jobId: string, admin: string, reason: string | undefined): Promise<Job> {
    const job = await this.get(jobId);
    if (job.status === 'FAILED') return job;
    if (job.status === 'COMPLETED') throw new JobsDomainError('conflict', 'A completed job cannot fail.');
    if (job.status === 'CANCELLED') throw new JobsDomainError('conflict', 'A cancelled job cannot fail.');
    const now = new Date();
    const message = `Marked failed by the administrator${reason ? `: ${reason}` : ''}`;
    const updated = await this.deps.jobs.update(
      job.id,
      { status: [job.status], attempt: job.attempt },
      failedChange(job, now, admin, 'unknown', message, 'marked_failed'),
    );
    if (!updated) throw changedMeanwhile();
    this.deps.onOutboxWritten();
    this.deps.metrics.finished(updated);
    return updated;
  }

  /** Deletes with `job.deleted` (media removes blobs, commerce releases an open hold); a processing job only with force. */
  async delete(jobId: string, admin: string, force: boolean): Promise<void> {
    const job = await this.deps.jobs.findById(jobId);
    if (!job || job.deletedAt) throw notFound();
    if (job.status === 'PROCESSING' && !force) {
      throw new JobsDomainError('conflict', 'The job is processing; delete it with force=true.');
    }
    if (!(await markDeleted(this.deps.jobs, job, admin, 'admin delete'))) {
      throw changedMeanwhile();
    }
    this.deps.onOutboxWritten();
  }
}

/** One conditional write: deletedAt set, `job.deleted` in the outbox. False when the job changed meanwhile. */
export async function markDeleted(jobs: JobRepository, job: Job, actor: string, reason: string): Promise<boolean> {
  const now = new Date();
  const step = deletedStep(job, now, actor, reason);
  const updated = await jobs.update(
    job.id,
    { status: [job.status] satisfies JobStatus[], attempt: job.attempt },
    {
      set: { deletedAt: now, leaseOwner: null, leaseUntil: null, updatedAt: now },
      outbox: step.entries,
      history: step.history,
    },
  );
  return updated !== null;
}
