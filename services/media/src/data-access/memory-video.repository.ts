import { isDuplicateKeyError, MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { VideoRecord } from '../domain/videos/video';
import type { VideoPage, VideoRepository } from './video.repository';

/** Embedded mode and fast tests: the records in memory, persisted under DATA_DIR/media when given. */
export class MemoryVideoRepository implements VideoRepository {
  private constructor(private readonly videos: MemoryCollection<VideoRecord>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryVideoRepository> {
    return new MemoryVideoRepository(
      await MemoryCollection.open<VideoRecord>({ name: 'videos', unique: ['jobId'], ...persistence }),
    );
  }

  async insertIfAbsent(video: VideoRecord): Promise<{ video: VideoRecord; inserted: boolean }> {
    try {
      return { video: await this.videos.insertOne(video), inserted: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.findByJobId(video.jobId);
      if (!existing) throw error; // a clash on the id alone: not this job's record
      return { video: existing, inserted: false };
    }
  }

  findByJobId(jobId: string): Promise<VideoRecord | null> {
    return this.videos.findOne((v) => v.jobId === jobId);
  }

  async listByUser(userId: string, { skip, limit }: { skip: number; limit: number }): Promise<VideoPage> {
    const mine = (v: { userId: string }) => v.userId === userId;
    const [items, total] = await Promise.all([
      this.videos.find(mine, { sort: { createdAt: -1, jobId: -1 }, skip, limit }),
      this.videos.count(mine),
    ]);
    return { items, total };
  }

  async deleteByJobId(jobId: string): Promise<VideoRecord | null> {
    const video = await this.findByJobId(jobId);
    if (!video) return null;
    // Deleting by the id read above: a concurrent delete makes this one report nothing.
    return (await this.videos.deleteOne(video.id)) ? video : null;
  }

  deleteByUser(userId: string): Promise<number> {
    return this.videos.deleteMany((v) => v.userId === userId);
  }

  close(): Promise<void> {
    return this.videos.close();
  }
}
