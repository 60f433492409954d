import {
  publicStartImagePath,
  publicThumbnailPath,
  publicVideoPath,
  type GalleryItem,
  type GalleryPageResponse,
  type GalleryQuery,
} from '@kadr/contracts';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import { JobsDomainError } from '../errors';
import { ACTIVE_STATUSES, VISIBLE_STATUSES, type Job } from '../jobs/job';
import { markDeleted } from '../jobs/job-admin';
import { promptWordsOf } from './prompt-words';

export interface JobGalleryDeps {
  jobs: JobRepository;
  onOutboxWritten(): void;
}

const noSuchVideo = () => new JobsDomainError('not_found', 'There is no such video.');

/** The gallery's card of one job: the media item's fields (id = the job id) and what the gallery filters by. */
export function galleryItemOf(job: Job): GalleryItem {
  return {
    id: job.id,
    jobId: job.id,
    createdAt: job.createdAt.toISOString(),
    filename: `video-${job.id}.mp4`,
    type: 'video/mp4',
    url: publicVideoPath(job.id),
    thumbnailUrl: publicThumbnailPath(job.id),
    durationSeconds: job.output?.durationSeconds ?? job.durationSeconds,
    width: job.output?.width ?? job.width,
    height: job.output?.height ?? job.height,
    sizeBytes: job.output?.sizeBytes ?? 0,
    prompt: job.prompt,
    modelId: job.modelId,
    status: job.status === 'RESERVING' ? 'PENDING' : job.status,
    progress: Math.round(job.progress),
    favourite: job.favourite === true,
    kind: job.kind ?? 'generate',
    startImageUrl: job.startImageKey ? publicStartImagePath(job.id) : null,
  };
}

/**
 * The gallery people manage (issue 21): one user's jobs of every visible status, searched by the
 * words of the prompt, filtered, sorted and paged; their stars; and deleting one's own video by the
 * administrator's path (`job.deleted` in the same write). Only the owner reaches a job: anyone
 * else's is the same "no such video" as one that does not exist.
 */
export class JobGallery {
  constructor(private readonly deps: JobGalleryDeps) {}

  async page(userId: string, query: GalleryQuery): Promise<GalleryPageResponse> {
    const { page, limit } = query;
    const { items, total } = await this.deps.jobs.galleryForUser(userId, {
      statuses: query.status ?? VISIBLE_STATUSES,
      words: promptWordsOf(query.q ?? ''),
      modelId: query.model,
      aspectRatio: query.aspect,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      favouritesOnly: query.favourites,
      sort: query.sort,
      skip: (page - 1) * limit,
      take: limit,
    });
    return { data: items.map(galleryItemOf), pagination: { page, limit, total, hasNext: page * limit < total } };
  }

  /** PUT (true) and DELETE (false) of the star: the same answer however often. */
  async setFavourite(
    userId: string,
    jobId: string,
    favourite: boolean,
  ): Promise<{ jobId: string; favourite: boolean }> {
    const job = await this.deps.jobs.setFavourite(jobId, userId, favourite);
    if (!job) throw noSuchVideo();
    return { jobId: job.id, favourite: job.favourite === true };
  }

  /**
   * The owner deletes a finished job (COMPLETED, FAILED or CANCELLED): one conditional write sets `deletedAt`
   * and puts `job.deleted` in the outbox — media removes the video, its thumbnail and every file of the job,
   * commerce releases any open hold (the ledger keeps its lines). A job still under way is a 409 (cancel it
   * first). Deleting it again while the deleted document waits for its outbox answers the same (no second
   * event); once the relay removed it, it is a 404 like any unknown job.
   */
  async delete(userId: string, jobId: string): Promise<void> {
    const job = await this.deps.jobs.findById(jobId);
    if (!job || job.userId !== userId || job.status === 'RESERVING') throw noSuchVideo();
    if (job.deletedAt) return;
    if (ACTIVE_STATUSES.includes(job.status)) {
      throw new JobsDomainError('conflict', 'This video is still being made. Cancel it first, then delete it.');
    }
    if (!(await markDeleted(this.deps.jobs, job, userId, 'deleted by its owner'))) {
      const now = await this.deps.jobs.findById(jobId);
      // A second delete of the owner won the race: the outcome is the same.
      if (now?.deletedAt) return;
      throw new JobsDomainError('conflict', 'The video changed meanwhile; try again.');
    }
    this.deps.onOutboxWritten();
  }
}
