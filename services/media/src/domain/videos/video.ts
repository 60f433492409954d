import { assertValidKey } from '@kadr/blob-store';
import { publicThumbnailPath, publicVideoPath, timestampDate, type JobProgress, type MediaItem } from '@kadr/contracts';

/** The one media type the gallery plays (spec §3). */
export const VIDEO_CONTENT_TYPE = 'video/mp4';
export const THUMBNAIL_CONTENT_TYPE = 'image/jpeg';

/** A finished video as media keeps it: one per job. */
export interface VideoRecord {
  /** Media's own id for the item. */
  id: string;
  jobId: string;
  /** The owner: only they (and the administrator) may see it. */
  userId: string;
  /** When the job completed (the event's time); the gallery's order. */
  createdAt: Date;
  filename: string;
  type: typeof VIDEO_CONTENT_TYPE;
  durationSeconds: number;
  width: number;
  height: number;
  sizeBytes: number;
  /** Blob-store keys the worker stored, always inside the owner's folder `users/<userId>/`. */
  videoKey: string;
  thumbnailKey: string;
}

/** Every blob of a user lives below this folder (what a user purge deletes). */
export const userFolderOf = (userId: string): string => `users/${userId}/`;
/** Every blob of one job (what a job deletion removes even without a record). */
export const jobFolderOf = (userId: string, jobId: string): string => `users/${userId}/jobs/${jobId}/`;

/** A COMPLETED event that cannot become a record: a producer's bug, so the message dead-letters. */
export class UnusableCompletionError extends Error {
  constructor(jobId: string, reason: string) {
    super(`job ${jobId}: ${reason}`);
    this.name = 'UnusableCompletionError';
  }
}

/**
 * The record a COMPLETED `job.progress` describes. Keys must be valid blob keys inside the owner's
 * folder: a key elsewhere would let the owner read another user's blob, and a user purge
 * (`deleteByPrefix('users/<userId>/')`) would miss it.
 */
export function videoFromCompletion(progress: JobProgress, id: string, receivedAt: Date): VideoRecord {
  const { jobId, userId, output } = progress;
  if (!jobId || !userId) throw new UnusableCompletionError(jobId || '(none)', 'no job or user id');
  if (!output) throw new UnusableCompletionError(jobId, 'COMPLETED without output');
  const folder = userFolderOf(userId);
  for (const key of [output.videoKey, output.thumbnailKey]) {
    try {
      assertValidKey(key);
    } catch (error) {
      throw new UnusableCompletionError(jobId, `invalid blob key: ${(error as Error).message}`);
    }
    if (!key.startsWith(folder)) throw new UnusableCompletionError(jobId, `blob key outside ${folder}`);
  }
  return {
    id,
    jobId,
    userId,
    createdAt: progress.occurredAt ? timestampDate(progress.occurredAt) : receivedAt,
    filename: `video-${jobId}.mp4`,
    type: VIDEO_CONTENT_TYPE,
    durationSeconds: output.durationSeconds,
    width: output.width,
    height: output.height,
    sizeBytes: Number(output.sizeBytes),
    videoKey: output.videoKey,
    thumbnailKey: output.thumbnailKey,
  };
}

/** The gallery's view: same-origin addresses, never the blob keys or the owner. */
export function toMediaItem(video: VideoRecord): MediaItem {
  return {
    id: video.id,
    jobId: video.jobId,
    createdAt: video.createdAt.toISOString(),
    filename: video.filename,
    type: video.type,
    url: publicVideoPath(video.jobId),
    thumbnailUrl: publicThumbnailPath(video.jobId),
    durationSeconds: video.durationSeconds,
    width: video.width,
    height: video.height,
    sizeBytes: video.sizeBytes,
  };
}
