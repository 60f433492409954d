import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { JobPrompt, JobPromptRepository } from './job-prompt.repository';

/** Embedded mode: prompts of unfinished jobs in memory, persisted under DATA_DIR when given. */
export class MemoryJobPromptRepository implements JobPromptRepository {
  private constructor(private readonly prompts: MemoryCollection<JobPrompt>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryJobPromptRepository> {
    return new MemoryJobPromptRepository(
      await MemoryCollection.open<JobPrompt>({ name: 'job-prompts', ...persistence }),
    );
  }

  async save(job: JobPrompt): Promise<void> {
    await this.prompts.upsertOne((j) => j.id === job.id, { insert: () => job });
  }

  find(jobId: string): Promise<JobPrompt | null> {
    return this.prompts.findById(jobId);
  }

  delete(jobId: string): Promise<boolean> {
    return this.prompts.deleteOne(jobId);
  }

  deleteForUser(userId: string): Promise<number> {
    return this.prompts.deleteMany((j) => j.userId === userId);
  }

  close(): Promise<void> {
    return this.prompts.close();
  }
}
