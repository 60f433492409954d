import type { Logger } from '@kadr/telemetry';
import type { JobChange, JobRepository } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import { StopSignal } from './stop-signal';

/** What a worker's writes need: the store, the worker's id (the lease owner) and the relay's nudge. */
export interface WorkerStore {
  jobs: JobRepository;
  workerId: string;
  onOutboxWritten(): void;
}

/**
 * A write conditional on this worker still owning this attempt (PROCESSING, same attempt, its
 * lease); null means the job was taken away (deleted, marked failed, requeued, swept).
 */
export async function ownWrite(store: WorkerStore, job: Job, change: (now: Date) => JobChange): Promise<Job | null> {
  const updated = await store.jobs.update(
    job.id,
    { status: ['PROCESSING'], attempt: job.attempt, leaseOwner: store.workerId },
    change(new Date()),
  );
  if (updated) store.onOutboxWritten();
  return updated;
}

/**
 * The writes a running render makes as it goes (heartbeat, progress): one after another, so
 * progress never goes backwards. A write that finds the job taken away stops the render
 * (`lost`); one that fails is only logged — the next write, or the lease, covers it.
 */
export class RenderWrites {
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: WorkerStore,
    private readonly job: Job,
    private readonly controller: AbortController,
    private readonly log: Logger,
  ) {}

  /** Queues an own write after the ones already queued. */
  enqueue(change: (now: Date) => JobChange): Promise<unknown> {
    this.last = this.last
      .then(() => ownWrite(this.store, this.job, change))
      .then((updated) => {
        if (!updated && !this.controller.signal.aborted) this.controller.abort(new StopSignal('lost'));
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not record progress'));
    return this.last;
  }

  /** Resolves when every write queued so far is made. */
  settled(): Promise<unknown> {
    return this.last;
  }
}
