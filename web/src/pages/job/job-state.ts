import type { JobView } from '@kadr/contracts';
import type { LiveJob, LiveJobStatus } from '../../live';

/** How far a job has got: queued, rendering, ended (an ended job is only requeued by an administrator). */
const STAGE: Record<LiveJobStatus, number> = { PENDING: 0, PROCESSING: 1, COMPLETED: 2, FAILED: 2, CANCELLED: 2 };

/**
 * The job's status and progress now: what the live store heard (the stream keeps it current without a
 * reload) unless the page's own read of the job is further along — the store may have last heard of
 * the job before it ended, or not at all.
 */
export function currentJobState(
  view: Pick<JobView, 'status' | 'progress'>,
  live: LiveJob | undefined,
): { status: LiveJobStatus; progress: number } {
  if (!live || STAGE[live.status] < STAGE[view.status]) return { status: view.status, progress: view.progress };
  if (live.status === view.status) return { status: live.status, progress: Math.max(live.progress, view.progress) };
  return { status: live.status, progress: live.progress };
}
