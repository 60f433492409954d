import { randomUUID } from 'node:crypto';
import type { BlobStore } from '@kadr/blob-store';
import { uploadFolderOf, type JobProgress, type MediaPageResponse } from '@kadr/contracts';
import type { VideoRepository } from '../../data-access/video.repository';
import { jobFolderOf, toMediaItem, userFolderOf, videoFromCompletion, type VideoRecord } from './video';

/** Who asks: a signed-in user, possibly the administrator. */
export interface Viewer {
  userId: string;
  isAdministrator: boolean;
}

/** The owner sees their videos; the administrator sees everyone's; nobody else learns they exist. */
export const canSee = (viewer: Viewer, video: VideoRecord): boolean =>
  viewer.isAdministrator || video.userId === viewer.userId;

export interface MediaLibraryDeps {
  videos: VideoRepository;
  blobs: BlobStore;
  newId?: () => string;
  now?: () => Date;
}

/** The media use cases: registering finished videos, the gallery, and removing what was deleted. */
export class MediaLibrary {
  private readonly videos: VideoRepository;
  private readonly blobs: BlobStore;
  private readonly newId: () => string;
  private readonly now: () => Date;

  constructor({ videos, blobs, newId = randomUUID, now = () => new Date() }: MediaLibraryDeps) {
    this.videos = videos;
    this.blobs = blobs;
    this.newId = newId;
    this.now = now;
  }

  /** A COMPLETED job's video; idempotent by job id (the first registration wins). */
  registerCompletion(progress: JobProgress): Promise<{ video: VideoRecord; inserted: boolean }> {
    return this.videos.insertIfAbsent(videoFromCompletion(progress, this.newId(), this.now()));
  }

  /** One page of the user's gallery, newest first; a page past the end is empty but counts everything. */
  async page(userId: string, page: number, limit: number): Promise<MediaPageResponse> {
    const { items, total } = await this.videos.listByUser(userId, { skip: (page - 1) * limit, limit });
    return {
      data: items.map(toMediaItem),
      pagination: { page, limit, total, hasNext: page * limit < total },
    };
  }

  /** The job's video when the viewer may see it; null when it does not exist or is someone else's. */
  async visibleVideo(viewer: Viewer, jobId: string): Promise<VideoRecord | null> {
    const video = await this.videos.findByJobId(jobId);
    return video && canSee(viewer, video) ? video : null;
  }

  /** The job's video for a caller that already holds its authority (a share link's token). */
  videoOfJob(jobId: string): Promise<VideoRecord | null> {
    return this.videos.findByJobId(jobId);
  }

  /** A short-lived URL the browser can fetch the blob from (S3 presigned, or the gateway's `/blobs`). */
  signedUrl(key: string, ttlSeconds: number): Promise<string> {
    return this.blobs.presignGet(key, ttlSeconds);
  }

  /**
   * `job.deleted`: the record and the job's blobs — the record's keys and anything else in the
   * job's folder (a worker may have stored files before the job was deleted). Idempotent.
   */
  async deleteJob(jobId: string, userId: string): Promise<{ removedRecord: boolean; removedBlobs: number }> {
    const video = await this.videos.deleteByJobId(jobId);
    const owner = video?.userId ?? userId;
    if (video) await Promise.all([this.blobs.delete(video.videoKey), this.blobs.delete(video.thumbnailKey)]);
    const removedBlobs = owner ? await this.blobs.deleteByPrefix(jobFolderOf(owner, jobId)) : 0;
    return { removedRecord: video !== null, removedBlobs };
  }

  /**
   * `user.deleted`: every record of the user and every blob in their folder (registration keeps
   * all of a user's keys there). Records first, so the gallery is empty at once. Idempotent.
   */
  async purgeUser(userId: string): Promise<{ removedRecords: number; removedBlobs: number }> {
    const removedRecords = await this.videos.deleteByUser(userId);
    // Their start-image uploads live outside their folder (one folder to sweep for all users).
    const removedBlobs =
      (await this.blobs.deleteByPrefix(userFolderOf(userId))) +
      (await this.blobs.deleteByPrefix(uploadFolderOf(userId)));
    return { removedRecords, removedBlobs };
  }
}
