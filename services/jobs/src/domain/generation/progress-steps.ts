import type { Job } from '../jobs/job';
import type { RenderWrites } from './owned-writes';
import { progressedChange } from './worker-changes';

/** Progress is recorded in steps of this many percent (the queue's estimates read the steps' times). */
export const PROGRESS_STEP_PERCENT = 10;

/**
 * The provider's progress callback for one render. Providers call it often; only each new 10 %
 * step is recorded (at most 90: 100 is the completion), so a job publishes at most nine
 * `job.progress` PROGRESS events. Nothing is recorded once the render was aborted.
 */
export function progressSteps(
  writes: RenderWrites,
  job: Job,
  actor: string,
  leaseMs: number,
  signal: AbortSignal,
): (percent: number) => void {
  let reported = 0;
  return (percent) => {
    const step = Math.floor(Math.min(99, percent) / PROGRESS_STEP_PERCENT) * PROGRESS_STEP_PERCENT;
    if (step <= reported || signal.aborted) return;
    reported = step;
    void writes.enqueue((now) => progressedChange(job, step, now, actor, leaseMs));
  };
}
