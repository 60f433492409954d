import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { PublicJobStatus } from '@kadr/contracts';
import { countJobs, NO_JOBS, type JobCounts, type JobRecord } from '../domain/read-model/job-record';
import type { JobRef, JobRepository } from './job.repository';

/** Embedded mode and fast tests: the jobs in memory, persisted under DATA_DIR/admin when given. */
export class MemoryJobRepository implements JobRepository {
  private constructor(private readonly jobs: MemoryCollection<JobRecord>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryJobRepository> {
    return new MemoryJobRepository(await MemoryCollection.open<JobRecord>({ name: 'jobs', ...persistence }));
  }

  async recordStatus({ jobId, userId }: JobRef, status: PublicJobStatus, at: Date): Promise<void> {
    await this.jobs.upsertOne((j) => j.id === jobId, {
      insert: () => ({ id: jobId, userId, status, statusAt: at, deleted: false }),
      update: (job) => {
        if (!job.deleted && job.statusAt.getTime() <= at.getTime()) Object.assign(job, { status, statusAt: at });
      },
    });
  }

  async recordDeletion({ jobId, userId }: JobRef, at: Date): Promise<void> {
    await this.jobs.upsertOne((j) => j.id === jobId, {
      insert: () => ({ id: jobId, userId, status: 'PENDING', statusAt: at, deleted: true }),
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
