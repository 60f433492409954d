import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import {
  countJobs,
  isLaterStep,
  NO_JOBS,
  type JobCounts,
  type JobRecord,
  type JobStatusStep,
} from '../domain/read-model/job-record';
import type { JobRef, JobRepository } from './job.repository';

/** Embedded mode and fast tests: the jobs in memory, persisted under DATA_DIR/admin when given. */
export class MemoryJobRepository implements JobRepository {
  private constructor(private readonly jobs: MemoryCollection<JobRecord>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryJobRepository> {
    return new MemoryJobRepository(await MemoryCollection.open<JobRecord>({ name: 'jobs', ...persistence }));
  }

  async recordStatus({ jobId, userId }: JobRef, step: JobStatusStep): Promise<void> {
    const fields = { status: step.status, statusAt: step.at, statusOrder: step.order };
    await this.jobs.upsertOne((j) => j.id === jobId, {
      insert: () => ({ id: jobId, userId, ...fields, deleted: false }),
      update: (job) => {
        if (!job.deleted && isLaterStep(job, step)) Object.assign(job, fields);
      },
    });
  }

  async recordDeletion({ jobId, userId }: JobRef, at: Date): Promise<void> {
    await this.jobs.upsertOne((j) => j.id === jobId, {
      insert: () => ({ id: jobId, userId, status: 'PENDING', statusAt: at, statusOrder: '', deleted: true }),
      update: (job) => {
        job.deleted = true;
      },
    });
  }

  find(jobId: string): Promise<JobRecord | null> {
    return this.jobs.findById(jobId);
  }

  async countsByUser(userIds: string[]): Promise<Map<string, JobCounts>> {
    const wanted = new Set(userIds);
    const jobs = await this.jobs.find((j) => !j.deleted && wanted.has(j.userId));
    const counts = new Map<string, JobCounts>();
    for (const job of jobs) counts.set(job.userId, countJobs(counts.get(job.userId) ?? NO_JOBS, job.status));
    return counts;
  }

  deleteByUser(userId: string): Promise<number> {
    return this.jobs.deleteMany((j) => j.userId === userId);
  }

  close(): Promise<void> {
    return this.jobs.close();
  }
}
