import type { JobCondition } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import { failedChange } from '../jobs/job-failure';
import type { JobsWorkerMetrics } from '../jobs/job-metrics';
import { fairOrder } from './fair-queue';
import type { WorkerStore } from './owned-writes';
import { startedChange, workerActor } from './worker-changes';

/** Users looked at per claim: far more than the users a worker could serve before looking again. */
const QUEUE_HEADS_READ = 50;

export interface ClaimDeps extends WorkerStore {
  leaseMs: number;
  metrics: JobsWorkerMetrics;
}

/**
 * The first job of the fair queue this worker wins (another worker may win a head first): null
 * when the queue is empty, after three looks, or as soon as `claiming()` turns false.
 */
export async function claimFairly(deps: ClaimDeps, claiming: () => boolean): Promise<Job | null> {
  for (let look = 0; look < 3; look += 1) {
    const heads = fairOrder(await deps.jobs.queueHeads(QUEUE_HEADS_READ));
    if (heads.length === 0) {
      deps.metrics.claimed('none');
      return null;
    }
    for (const { job } of heads) {
      if (!claiming()) return null;
      const claimed = await claim(deps, job, new Date());
      if (claimed) return claimed;
    }
  }
  return null;
}

/**
 * One conditional write, PENDING → PROCESSING (attempt + 1, leased to this worker), that only one
 * worker wins. A job out of attempts is failed (`timeout`) instead, and not claimed.
 */
async function claim(deps: ClaimDeps, job: Job, now: Date): Promise<Job | null> {
  const condition: JobCondition = { status: ['PENDING'], attempt: job.attempt };
  const attempt = job.attempt + 1;
  if (attempt > job.attemptLimit) {
    const message = `The job did not finish in ${job.attempt} attempts.`;
    const failed = await deps.jobs.update(
      job.id,
      condition,
      failedChange(job, now, workerActor(deps.workerId), 'timeout', message),
    );
    if (failed) {
      deps.onOutboxWritten();
      deps.metrics.attemptFailed('timeout');
      deps.metrics.finished(failed);
    }
    return null;
  }
  const claimed = await deps.jobs.update(
    job.id,
    condition,
    startedChange(job, attempt, now, deps.workerId, deps.leaseMs),
  );
  deps.metrics.claimed(claimed ? 'claimed' : 'lost');
  if (claimed) {
    deps.onOutboxWritten();
    deps.metrics.attemptStarted(claimed);
  }
  return claimed;
}
