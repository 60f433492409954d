import type { VideoRecord } from '../domain/videos/video';

export interface VideoPage {
  items: VideoRecord[];
  /** Every record of the user, across all pages. */
  total: number;
}

/** The video records (one per job). Every write is one single-document operation. */
export interface VideoRepository {
  /**
   * Stores the record unless the job already has one (unique job id), in which case the stored
   * record wins and is returned: a redelivered COMPLETED changes nothing.
   */
  insertIfAbsent(video: VideoRecord): Promise<{ video: VideoRecord; inserted: boolean }>;
  findByJobId(jobId: string): Promise<VideoRecord | null>;
  /** The user's records, newest first (ties by job id, descending), `skip` then at most `limit`. */
  listByUser(userId: string, page: { skip: number; limit: number }): Promise<VideoPage>;
  /** Removes the job's record and returns it (null when there was none). */
  deleteByJobId(jobId: string): Promise<VideoRecord | null>;
  /** Removes every record of the user; returns how many. */
  deleteByUser(userId: string): Promise<number>;
  close(): Promise<void>;
}
