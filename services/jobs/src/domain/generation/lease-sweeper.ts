import type { Logger } from '@kadr/telemetry';
import type { JobChange, JobCondition } from '../../data-access/jobs/job.repository';
import { failedChange } from '../jobs/job-failure';
import type { JobsWorkerMetrics } from '../jobs/job-metrics';
import type { WorkerStore } from './owned-writes';
import { requeuedChange, workerActor } from './worker-changes';

export interface LeaseSweeperDeps extends WorkerStore {
  logger: Logger;
  leaseMs: number;
  metrics: JobsWorkerMetrics;
}

/**
 * Every worker sweeps, every half lease: a PROCESSING job whose worker stopped renewing its lease
 * (killed, hung, cut off) goes back to PENDING with `job.created` again, or FAILED `timeout` when
 * its attempts are used up. Jobs this worker renders itself (`rendersHere`) are left alone.
 */
export class LeaseSweeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly deps: LeaseSweeperDeps,
    private readonly rendersHere: (jobId: string) => boolean,
  ) {}

  start(): void {
    this.timer ??= setInterval(
      () => {
        this.sweeping ??= this.sweep().finally(() => (this.sweeping = undefined));
      },
      Math.max(200, Math.floor(this.deps.leaseMs / 2)),
    );
    this.timer.unref();
  }

  /** No more sweeps start; `finished` waits for one in progress. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  finished(): Promise<unknown> | undefined {
    return this.sweeping;
  }

  /** One pass; resolves with how many jobs it took back or failed. */
  async sweep(now = new Date()): Promise<number> {
    const { deps } = this;
    let swept = 0;
    const expired = await deps.jobs.findExpiredLeases(now, 50).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'lease sweeper could not read jobs');
      return [];
    });
    for (const job of expired) {
      if (this.rendersHere(job.id)) continue;
      const condition: JobCondition = { status: ['PROCESSING'], attempt: job.attempt, leaseExpiredBefore: now };
      const actor = workerActor(deps.workerId);
      const change: JobChange =
        job.attempt >= job.attemptLimit
          ? failedChange(job, now, actor, 'timeout', `The job was abandoned by its worker ${job.attempt} times.`)
          : requeuedChange(job, now, actor);
      const updated = await deps.jobs.update(job.id, condition, change);
      if (updated) {
        swept += 1;
        deps.onOutboxWritten();
        deps.logger.warn({ jobId: job.id, attempt: job.attempt }, 'job lease expired');
        if (updated.status === 'FAILED') {
          deps.metrics.attemptFailed('timeout');
          deps.metrics.finished(updated);
        }
      }
    }
    deps.metrics.leasesSwept(swept);
    return swept;
  }
}
