import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import { VIDEO_CONTENT_TYPE, type VideoRecord } from '../domain/videos/video';
import type { VideoPage, VideoRepository } from './video.repository';

type VideoDocument = Omit<VideoRecord, 'id'> & { _id: string };

const videoSchema = new Schema<VideoDocument>(
  {
    _id: { type: String, required: true },
    jobId: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    filename: { type: String, required: true },
    type: { type: String, required: true, enum: [VIDEO_CONTENT_TYPE] },
    durationSeconds: { type: Number, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    sizeBytes: { type: Number, required: true },
    videoKey: { type: String, required: true },
    thumbnailKey: { type: String, required: true },
  },
  { collection: 'videos', versionKey: false, id: false },
);
// One record per job: what makes a redelivered COMPLETED harmless.
videoSchema.index({ jobId: 1 }, { unique: true });
// The gallery's query: one user's records, newest first.
videoSchema.index({ userId: 1, createdAt: -1, jobId: -1 });

const NEWEST_FIRST = { createdAt: -1, jobId: -1 } as const;

const toVideo = ({ _id, ...rest }: VideoDocument): VideoRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: VideoRecord): VideoDocument => ({ _id: id, ...rest });

/** The videos collection in media's own database (distributed mode). */
export class MongooseVideoRepository implements VideoRepository {
  private readonly videos: Model<VideoDocument>;

  constructor(connection: Connection) {
    this.videos = connection.models.Video ?? connection.model<VideoDocument>('Video', videoSchema);
  }

  async insertIfAbsent(video: VideoRecord): Promise<{ video: VideoRecord; inserted: boolean }> {
    try {
      await this.videos.create(toDocument(video));
      return { video, inserted: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw toDbTransientError(error, 'videos.insert');
      const existing = await this.findByJobId(video.jobId);
      if (!existing) throw error;
      return { video: existing, inserted: false };
    }
  }

  async findByJobId(jobId: string): Promise<VideoRecord | null> {
    const doc = await this.videos
      .findOne({ jobId })
      .lean<VideoDocument>()
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'videos.findByJobId');
      });
    return doc ? toVideo(doc) : null;
  }

  async listByUser(userId: string, { skip, limit }: { skip: number; limit: number }): Promise<VideoPage> {
    const [docs, total] = await Promise.all([
      this.videos.find({ userId }).sort(NEWEST_FIRST).skip(skip).limit(limit).lean<VideoDocument[]>(),
      this.videos.countDocuments({ userId }),
    ]).catch((error: unknown) => {
      throw toDbTransientError(error, 'videos.listByUser');
    });
    return { items: docs.map(toVideo), total };
  }

  async deleteByJobId(jobId: string): Promise<VideoRecord | null> {
    const doc = await this.videos
      .findOneAndDelete({ jobId })
      .lean<VideoDocument>()
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'videos.deleteByJobId');
      });
    return doc ? toVideo(doc) : null;
  }

  async deleteByUser(userId: string): Promise<number> {
    const { deletedCount } = await this.videos.deleteMany({ userId }).catch((error: unknown) => {
      throw toDbTransientError(error, 'videos.deleteByUser');
    });
    return deletedCount;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
