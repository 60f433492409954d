import type { QueueHead } from '../../data-access/jobs/job.repository';

/**
 * The order in which a free worker takes jobs, so one user's long queue cannot hold up everyone
 * else (issue 13): the user with the fewest jobs rendering first; among equals, the user served
 * longest ago (never served first) — round robin across users; then the oldest job. Within one
 * user, jobs run oldest first. A user's 25 queued jobs therefore delay another user's first job
 * by at most the renders already running when it arrived.
 */
export function fairOrder(heads: readonly QueueHead[]): QueueHead[] {
  const started = (head: QueueHead) => head.lastStartedAt?.getTime() ?? -Infinity;
  return [...heads].sort(
    (a, b) =>
      a.running - b.running ||
      started(a) - started(b) ||
      a.job.createdAt.getTime() - b.job.createdAt.getTime() ||
      (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0),
  );
}
