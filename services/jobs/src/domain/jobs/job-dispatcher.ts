import type { Logger } from '@kadr/telemetry';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import { jobCreatedEntry } from './job-events';
import type { JobsApiMetrics } from './job-metrics';

export interface JobDispatcherOptions {
  jobs: JobRepository;
  logger: Logger;
  /** A PENDING job unchanged this long gets its `job.created` again (JOB_REDISPATCH_AFTER_MS). */
  unclaimedMs: number;
  onOutboxWritten(): void;
  metrics: JobsApiMetrics;
  /** Jobs re-dispatched per pass (the rest on the next pass). */
  batch?: number;
}

/**
 * Nothing PENDING is ever stranded (issue 13): the bus can lose `job.created` — the memory bus
 * of a process that stopped, a message dead-lettered after its retries on Kafka, a worker killed
 * before committing. The dispatcher works from the store, not from the bus: every PENDING job
 * not claimed within `unclaimedMs` (and on start-up, every PENDING job) gets `job.created` again
 * through its outbox. That is idempotent with the claim: a claim is a conditional
 * PENDING → PROCESSING write, and a `job.created` for a job no longer PENDING only wakes a
 * worker for whatever is queued. The re-dispatch write is itself conditional (still PENDING,
 * same attempt, not touched since it was read), so two dispatchers never both re-publish it.
 */
export class JobDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> | undefined;

  constructor(private readonly options: JobDispatcherOptions) {}

  /** Re-dispatches every PENDING job now (what a restart lost), then every half `unclaimedMs`. */
  start(): void {
    if (this.timer) return;
    this.pass = this.redispatchAll(new Date()).finally(() => (this.pass = undefined));
    this.timer = setInterval(
      () => {
        this.pass ??= this.redispatchAll(new Date(Date.now() - this.options.unclaimedMs)).finally(
          () => (this.pass = undefined),
        );
      },
      Math.max(100, Math.floor(this.options.unclaimedMs / 2)),
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  /** Every PENDING job last changed before `updatedBefore` gets `job.created` again; resolves with how many. */
  async redispatchAll(updatedBefore: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.redispatch(updatedBefore).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'dispatcher could not read pending jobs');
        return 0;
      });
      total += count;
      if (count < (this.options.batch ?? 100)) return total;
    }
  }

  private async redispatch(updatedBefore: Date): Promise<number> {
    const stale = await this.options.jobs.findStale('PENDING', updatedBefore, this.options.batch ?? 100);
    let dispatched = 0;
    for (const job of stale) {
      const now = new Date();
      const updated = await this.options.jobs.update(
        job.id,
        { status: ['PENDING'], attempt: job.attempt, updatedBefore },
        { set: { updatedAt: now }, outbox: [jobCreatedEntry(job)] },
      );
      if (!updated) continue;
      dispatched += 1;
      this.options.logger.info({ jobId: job.id, waitingSince: job.updatedAt }, 'job.created dispatched again');
    }
    if (dispatched > 0) this.options.onOutboxWritten();
    this.options.metrics.redispatched(dispatched);
    return dispatched;
  }
}
