import { Schema, type Connection, type Model } from 'mongoose';
import { toDbTransientError } from '@kadr/documents';
import type { JobPrompt, JobPromptRepository } from './job-prompt.repository';

type JobPromptDocument = Omit<JobPrompt, 'id'> & { _id: string };

const jobPromptSchema = new Schema<JobPromptDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    prompt: { type: String, default: '' },
  },
  { collection: 'job_prompts', versionKey: false, id: false },
);

const transient = (operation: string) => (err: unknown) => {
  throw toDbTransientError(err, operation);
};

/** Prompts of unfinished jobs in the notifications service's own database (distributed mode). */
export class MongooseJobPromptRepository implements JobPromptRepository {
  private readonly prompts: Model<JobPromptDocument>;

  constructor(connection: Connection) {
    this.prompts = connection.models.JobPrompt ?? connection.model<JobPromptDocument>('JobPrompt', jobPromptSchema);
  }

  async save({ id, ...rest }: JobPrompt): Promise<void> {
    await this.prompts
      .updateOne({ _id: id }, { $setOnInsert: rest }, { upsert: true })
      .catch(transient('save job prompt'));
  }

  async find(jobId: string): Promise<JobPrompt | null> {
    const doc = await this.prompts.findById(jobId).lean<JobPromptDocument>().catch(transient('find job prompt'));
    if (!doc) return null;
    const { _id, ...rest } = doc;
    return { id: _id, ...rest };
  }

  async delete(jobId: string): Promise<boolean> {
    const { deletedCount } = await this.prompts.deleteOne({ _id: jobId }).catch(transient('delete job prompt'));
    return deletedCount > 0;
  }

  async deleteForUser(userId: string): Promise<number> {
    const { deletedCount } = await this.prompts.deleteMany({ userId }).catch(transient('delete job prompts'));
    return deletedCount;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
