import type { Tier } from '@kadr/contracts';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { JobStatus } from './job';

/** How many jobs a user may have in progress at once, by tier (ACTIVE_JOBS_CAP_*). */
export type ActiveJobsCaps = Record<Tier, number>;

/** In progress: a saga still reserving counts too, so parallel creates see each other. */
export const IN_PROGRESS_STATUSES: readonly JobStatus[] = ['RESERVING', 'PENDING', 'PROCESSING'];

/**
 * Checked after the new job was stored as RESERVING, counting the user's jobs in progress with it:
 * more than the cap → refused. The creation saga stores and counts under the user's admission
 * lease (admission-lease.ts), so the count never includes a parallel create's half-admitted job.
 * (Without it, parallel creates that each counted the others' RESERVING jobs could all be refused.)
 */
export async function isOverActiveCap(jobs: JobRepository, userId: string, cap: number): Promise<boolean> {
  return (await jobs.countForUser(userId, IN_PROGRESS_STATUSES)) > cap;
}
