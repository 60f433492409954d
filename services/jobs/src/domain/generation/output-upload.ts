import type { JobOutput } from '@kadr/contracts';
import type { Job } from '../jobs/job';
import type { RenderedFiles } from './render-job';
import type { RenderWorkspace } from './render-workspace';
import { withTransientRetries, type RetryPolicy } from './transient-retries';

export const videoKeyOf = (job: Pick<Job, 'userId' | 'id'>) => `users/${job.userId}/jobs/${job.id}/video.mp4`;
export const thumbnailKeyOf = (job: Pick<Job, 'userId' | 'id'>) => `users/${job.userId}/jobs/${job.id}/thumbnail.jpg`;

/**
 * Uploads a checked render to the blob store under the job's keys (video first, then thumbnail;
 * storage time-outs retried) and answers the job's output as `job.progress` COMPLETED carries it.
 */
export async function uploadOutput(
  job: Job,
  workspace: RenderWorkspace,
  rendered: RenderedFiles,
  retries: RetryPolicy,
  signal: AbortSignal,
): Promise<JobOutput> {
  const { videoPath, thumbnailPath, facts } = rendered;
  const videoKey = videoKeyOf(job);
  const thumbnailKey = thumbnailKeyOf(job);
  await withTransientRetries(retries, signal, () => workspace.upload(videoKey, videoPath, 'video/mp4'));
  await withTransientRetries(retries, signal, () => workspace.upload(thumbnailKey, thumbnailPath, 'image/jpeg'));
  return {
    videoKey,
    thumbnailKey,
    contentType: 'video/mp4',
    durationSeconds: Math.round(facts.durationSeconds * 1000) / 1000,
    width: facts.width,
    height: facts.height,
    sizeBytes: facts.sizeBytes,
  };
}
