import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { ProviderSettingsRepository } from '../../data-access/settings/provider-settings.repository';
import { markDeleted } from './job-admin';
import { JOB_STATUSES } from './job';

/**
 * `user.deleted` with purge: every job of the user is deleted with `job.deleted` (media removes
 * the blobs, commerce releases open holds) and the provider setting goes. Idempotent: a
 * redelivery finds nothing left. Resolves with the number of jobs deleted now.
 */
export async function purgeUserJobs(
  jobs: JobRepository,
  settings: ProviderSettingsRepository,
  userId: string,
  actor: string,
): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < 1_000; round += 1) {
    const batch = await jobs.listForUser(userId, { statuses: JOB_STATUSES, skip: 0, take: 100 });
    if (batch.length === 0) break;
    for (const job of batch) {
      // A job that changed meanwhile is read again by the next round.
      if (await markDeleted(jobs, job, actor, 'user purge')) deleted += 1;
    }
  }
  await settings.delete(userId);
  return deleted;
}
