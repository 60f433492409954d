import type { RenderWrites } from './owned-writes';
import { leaseFromNow } from './worker-changes';

/**
 * Renews a running job's lease every third of it, queued with the render's other writes. A worker
 * that dies stops renewing, and the lease sweeper of another worker takes the job back. Returns
 * the function that stops the heartbeat.
 */
export function startHeartbeat(writes: RenderWrites, leaseMs: number): () => void {
  const timer = setInterval(
    () => void writes.enqueue(() => ({ set: { leaseUntil: leaseFromNow(leaseMs) } })),
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  return () => clearInterval(timer);
}
