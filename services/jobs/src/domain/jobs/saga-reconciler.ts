import type { Logger } from '@kadr/telemetry';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { CommerceClient } from '../../integrations/commerce/commerce-client';
import type { JobCreation } from './create-job';
import type { Job } from './job';
import { progressStep } from './job-events';

export interface SagaReconcilerOptions {
  jobs: JobRepository;
  commerce: CommerceClient;
  creation: JobCreation;
  logger: Logger;
  /** A RESERVING job untouched this long is left over from a crash (longer than a create request can take). */
  staleMs: number;
  /** After this long, a saga that still cannot be finished is undone. */
  giveUpMs: number;
  onOutboxWritten(): void;
}

export type ReconcileOutcome = 'completed' | 'undone' | 'failed' | 'retry-later';

/**
 * Finishes or undoes job-creation sagas a crash left in RESERVING: asks commerce for the job's
 * hold — held → the job becomes PENDING with `job.created` (exactly as the request would have);
 * no hold → the job is removed (nothing held, nothing published); a settled hold or a saga too
 * old to finish → FAILED with a `failed` event, so commerce releases anything still held.
 * Commerce unreachable → tried again on the next pass.
 */
export class SagaReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: SagaReconcilerOptions) {}

  start(intervalMs = Math.max(1_000, Math.floor(this.options.staleMs / 2))): void {
    this.timer ??= setInterval(() => {
      this.running ??= this.runOnce().finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over stale sagas; resolves with what happened to each. */
  async runOnce(now = new Date()): Promise<Map<string, ReconcileOutcome>> {
    const outcomes = new Map<string, ReconcileOutcome>();
    let stale: Job[];
    try {
      stale = await this.options.jobs.findStale('RESERVING', new Date(now.getTime() - this.options.staleMs), 100);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'saga reconciler could not read stale sagas');
      return outcomes;
    }
    for (const job of stale) {
      try {
        outcomes.set(job.id, await this.reconcile(job, now));
      } catch (error) {
        this.options.logger.warn({ err: error, jobId: job.id }, 'saga reconciler will retry');
        outcomes.set(job.id, 'retry-later');
      }
    }
    return outcomes;
  }

  private async reconcile(job: Job, now: Date): Promise<ReconcileOutcome> {
    const tooOld = now.getTime() - job.createdAt.getTime() > this.options.giveUpMs;
    const hold = tooOld ? undefined : await this.options.commerce.findHold(job.id, job.userId, job.correlationId);
    if (hold === null) {
      await this.options.jobs.discardReserving(job.id);
      this.options.logger.info({ jobId: job.id }, 'saga undone: nothing was held');
      return 'undone';
    }
    if (hold?.state === 'held') {
      await this.options.creation.markPending(job, hold.takenFrom, 'service:jobs-reconciler');
      this.options.logger.info({ jobId: job.id }, 'saga completed by the reconciler');
      return 'completed';
    }
    const failed: Job = {
      ...job,
      status: 'FAILED',
      errorCode: 'service_unavailable',
      errorMessage: 'The job could not be created.',
      updatedAt: now,
    };
    const step = progressStep(failed, 'failed', now, 'service:jobs-reconciler', {
      message: failed.errorMessage ?? '',
      errorCode: 'service_unavailable',
    });
    const updated = await this.options.jobs.update(
      job.id,
      { status: ['RESERVING'] },
      {
        set: { status: 'FAILED', errorCode: failed.errorCode, errorMessage: failed.errorMessage, updatedAt: now },
        outbox: step.entries,
        history: step.history,
      },
    );
    if (updated) this.options.onOutboxWritten();
    return 'failed';
  }
}
