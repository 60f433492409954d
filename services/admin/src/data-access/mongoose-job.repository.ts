import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import { PUBLIC_JOB_STATUSES, type PublicJobStatus } from '@kadr/contracts';
import {
  countJobs,
  NO_JOBS,
  type JobCounts,
  type JobRecord,
  type JobStatusStep,
} from '../domain/read-model/job-record';
import type { JobRef, JobRepository } from './job.repository';

type JobDocument = Omit<JobRecord, 'id'> & { _id: string };

const jobSchema = new Schema<JobDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    status: { type: String, enum: PUBLIC_JOB_STATUSES, required: true },
    statusAt: { type: Date, required: true },
    statusOrder: { type: String, required: false },
    deleted: { type: Boolean, required: true },
  },
  { collection: 'jobs', versionKey: false, id: false },
);
// The users list counts one page of users' jobs; a purge removes one user's.
jobSchema.index({ userId: 1, deleted: 1 });

const toJob = ({ _id, statusOrder, ...rest }: JobDocument): JobRecord => ({
  id: _id,
  ...rest,
  ...(statusOrder === undefined ? {} : { statusOrder }),
});

interface CountRow {
  _id: { userId: string; status: PublicJobStatus };
  n: number;
}

/** The jobs collection of the admin database (distributed mode). */
export class MongooseJobRepository implements JobRepository {
  private readonly jobs: Model<JobDocument>;

  constructor(connection: Connection) {
    this.jobs = connection.models.AdminJob ?? connection.model<JobDocument>('AdminJob', jobSchema);
  }

  /** Inserts the first record of a job; false when it already had one. */
  private async insert(doc: JobDocument): Promise<boolean> {
    try {
      await this.jobs.create(doc);
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw toDbTransientError(error, 'jobs.insert');
    }
  }

  async recordStatus({ jobId, userId }: JobRef, step: JobStatusStep): Promise<void> {
    const fields = { status: step.status, statusAt: step.at, statusOrder: step.order };
    if (await this.insert({ _id: jobId, userId, ...fields, deleted: false })) return;
    // Only a later step of the job's history (see isLaterStep; records without an order: by time).
    const earlier = {
      $or: [{ statusOrder: { $lt: step.order } }, { statusOrder: { $exists: false }, statusAt: { $lte: step.at } }],
    };
    await this.jobs.updateOne({ _id: jobId, deleted: false, ...earlier }, { $set: fields }).catch((error: unknown) => {
      throw toDbTransientError(error, 'jobs.recordStatus');
    });
  }

  async recordDeletion({ jobId, userId }: JobRef, at: Date): Promise<void> {
    if (await this.insert({ _id: jobId, userId, status: 'PENDING', statusAt: at, statusOrder: '', deleted: true }))
      return;
    await this.jobs.updateOne({ _id: jobId }, { $set: { deleted: true } }).catch((error: unknown) => {
      throw toDbTransientError(error, 'jobs.recordDeletion');
    });
  }

  async find(jobId: string): Promise<JobRecord | null> {
    const doc = await this.jobs
      .findById(jobId)
      .lean<JobDocument>()
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'jobs.find');
      });
    return doc ? toJob(doc) : null;
  }

  async countsByUser(userIds: string[]): Promise<Map<string, JobCounts>> {
    const counts = new Map<string, JobCounts>();
    if (userIds.length === 0) return counts;
    const rows = await this.jobs
      .aggregate<CountRow>([
        { $match: { userId: { $in: userIds }, deleted: false } },
        { $group: { _id: { userId: '$userId', status: '$status' }, n: { $sum: 1 } } },
      ])
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'jobs.countsByUser');
      });
    for (const { _id, n } of rows) counts.set(_id.userId, countJobs(counts.get(_id.userId) ?? NO_JOBS, _id.status, n));
    return counts;
  }

  async deleteByUser(userId: string): Promise<number> {
    const { deletedCount } = await this.jobs.deleteMany({ userId }).catch((error: unknown) => {
      throw toDbTransientError(error, 'jobs.deleteByUser');
    });
    return deletedCount;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
