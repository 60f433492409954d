import { DEFAULT_ASPECT_RATIO } from '@kadr/contracts';
import { MemoryCollection, type DeepReadonly, type PersistenceOptions } from '@kadr/documents';
import { outboxStatsOf, type OutboxStats } from '@kadr/outbox';
import { promptWordsOf } from '../../domain/gallery/prompt-words';
import { JOB_STATUSES, type Job, type JobStatus } from '../../domain/jobs/job';
import {
  countsOfEveryStatus,
  type GalleryFilter,
  type GalleryPage,
  type JobChange,
  type JobCondition,
  type JobListQuery,
  type JobRepository,
  type PendingOutbox,
  type QueueHead,
  type RenderShape,
  type RenderSpan,
} from './job.repository';

type StoredJob = DeepReadonly<Job>;

function holds(job: StoredJob, condition: JobCondition): boolean {
  if (job.deletedAt) return false;
  if (condition.status && !condition.status.includes(job.status)) return false;
  if (condition.attempt !== undefined && job.attempt !== condition.attempt) return false;
  if (condition.leaseOwner !== undefined && job.leaseOwner !== condition.leaseOwner) return false;
  if (condition.leaseExpiredBefore !== undefined) {
    if (!job.leaseUntil || job.leaseUntil.getTime() >= condition.leaseExpiredBefore.getTime()) return false;
  }
  if (condition.updatedBefore !== undefined && job.updatedAt.getTime() >= condition.updatedBefore.getTime()) {
    return false;
  }
  return true;
}

/** Embedded mode and fast tests: one memory collection, persisted under DATA_DIR/jobs when given. */
export class MemoryJobRepository implements JobRepository {
  private constructor(private readonly jobs: MemoryCollection<Job>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryJobRepository> {
    return new MemoryJobRepository(
      await MemoryCollection.open<Job>({ name: 'jobs', unique: [['userId', 'idempotencyKey']], ...persistence }),
    );
  }

  async insert(job: Job): Promise<{ job: Job; created: boolean }> {
    const { doc, inserted } = await this.jobs.upsertOne(
      (j) => j.userId === job.userId && j.idempotencyKey === job.idempotencyKey,
      { insert: () => job },
    );
    return { job: doc, created: inserted };
  }

  findById(id: string): Promise<Job | null> {
    return this.jobs.findById(id);
  }

  findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<Job | null> {
    return this.jobs.findOne((j) => j.userId === userId && j.idempotencyKey === idempotencyKey);
  }

  listForUser(userId: string, { statuses, skip, take }: JobListQuery): Promise<Job[]> {
    return this.jobs.find((j) => j.userId === userId && !j.deletedAt && statuses.includes(j.status), {
      sort: { createdAt: -1, id: -1 },
      skip,
      limit: take,
    });
  }

  listInStatus(statuses: readonly JobStatus[], limit: number): Promise<Job[]> {
    return this.jobs.find((j) => !j.deletedAt && statuses.includes(j.status), {
      sort: { createdAt: 1, id: 1 },
      limit,
    });
  }

  async recentRenders(shape: RenderShape, limit: number): Promise<RenderSpan[]> {
    const done = await this.jobs.find(
      (j) =>
        !j.deletedAt &&
        j.status === 'COMPLETED' &&
        !!j.startedAt &&
        !!j.completedAt &&
        j.modelId === shape.modelId &&
        j.quality === shape.quality &&
        j.durationSeconds === shape.durationSeconds &&
        j.speed === shape.speed,
      { sort: { completedAt: -1 }, limit },
    );
    return done.map((j) => ({ startedAt: j.startedAt!, completedAt: j.completedAt! }));
  }

  countForUser(userId: string, statuses: JobListQuery['statuses']): Promise<number> {
    return this.jobs.count((j) => j.userId === userId && !j.deletedAt && statuses.includes(j.status));
  }

  async galleryForUser(userId: string, filter: GalleryFilter): Promise<GalleryPage> {
    const { statuses, words, modelId, aspectRatio, from, to, favouritesOnly, sort, skip, take } = filter;
    const matches = (j: StoredJob): boolean => {
      if (j.userId !== userId || j.deletedAt || !statuses.includes(j.status)) return false;
      if (modelId !== undefined && j.modelId !== modelId) return false;
      if (aspectRatio !== undefined && (j.aspectRatio ?? DEFAULT_ASPECT_RATIO) !== aspectRatio) return false;
      if (from && j.createdAt.getTime() < from.getTime()) return false;
      if (to && j.createdAt.getTime() >= to.getTime()) return false;
      if (favouritesOnly && !j.favourite) return false;
      if (words.length === 0) return true;
      const prompt = new Set(promptWordsOf(j.prompt));
      return words.every((word) => prompt.has(word));
    };
    const order = sort === 'newest' ? -1 : 1;
    const [items, total] = await Promise.all([
      this.jobs.find(matches, { sort: { createdAt: order, id: order }, skip, limit: take }),
      this.jobs.count(matches),
    ]);
    return { items, total };
  }

  setFavourite(id: string, userId: string, favourite: boolean): Promise<Job | null> {
    return this.jobs.updateOne(
      id,
      (j) => j.userId === userId && !j.deletedAt && j.status !== 'RESERVING',
      (j) => {
        j.favourite = favourite;
      },
    );
  }

  update(id: string, condition: JobCondition, change: JobChange): Promise<Job | null> {
    return this.jobs.updateOne(
      id,
      (j) => holds(j, condition),
      (j) => {
        Object.assign(j, change.set);
        j.history.push(...(change.history ?? []));
        j.outbox.push(...(change.outbox ?? []));
      },
    );
  }

  discardReserving(id: string): Promise<boolean> {
    return this.jobs.deleteOne((j) => j.id === id && j.status === 'RESERVING' && !j.deletedAt);
  }

  findStale(status: Job['status'], updatedBefore: Date, limit: number): Promise<Job[]> {
    return this.jobs.find(
      (j) => !j.deletedAt && j.status === status && j.updatedAt.getTime() < updatedBefore.getTime(),
      {
        sort: { updatedAt: 1 },
        limit,
      },
    );
  }

  async queueHeads(limit: number): Promise<QueueHead[]> {
    const pending = await this.jobs.find((j) => !j.deletedAt && j.status === 'PENDING', {
      sort: { createdAt: 1, id: 1 },
    });
    const heads = new Map<string, Job>();
    for (const job of pending) if (!heads.has(job.userId)) heads.set(job.userId, job);
    const chosen = [...heads.values()].slice(0, limit);
    const users = new Set(chosen.map((j) => j.userId));
    const theirs = await this.jobs.find((j) => users.has(j.userId) && !j.deletedAt);
    return chosen.map((job) => {
      const mine = theirs.filter((j) => j.userId === job.userId);
      const starts = mine.flatMap((j) => (j.startedAt ? [j.startedAt.getTime()] : []));
      return {
        job,
        running: mine.filter((j) => j.status === 'PROCESSING').length,
        lastStartedAt: starts.length ? new Date(Math.max(...starts)) : null,
      };
    });
  }

  /** Nothing to do: this store works the words out from the prompt on every search. */
  backfillSearchWords(): Promise<number> {
    return Promise.resolve(0);
  }

  async countByStatus(): Promise<Record<JobStatus, number>> {
    const count = async (status: JobStatus) =>
      [status, await this.jobs.count((j) => !j.deletedAt && j.status === status)] as const;
    const counts = new Map(await Promise.all(JOB_STATUSES.map(count)));
    return countsOfEveryStatus((status) => counts.get(status));
  }

  findExpiredLeases(now: Date, limit: number): Promise<Job[]> {
    return this.jobs.find((j) => holds(j, { status: ['PROCESSING'], leaseExpiredBefore: now }), {
      sort: { updatedAt: 1 },
      limit,
    });
  }

  async takeOutbox(limit: number): Promise<PendingOutbox[]> {
    const jobs = await this.jobs.find((j) => j.outbox.length > 0, { limit });
    return jobs.map((j) => ({ jobId: j.id, entries: j.outbox, deleted: j.deletedAt !== null }));
  }

  async removeFromOutbox(jobId: string, eventIds: readonly string[]): Promise<void> {
    const job = await this.jobs.updateOne(jobId, null, (j) => {
      j.outbox = j.outbox.filter((e) => !eventIds.includes(e.id));
    });
    if (job?.deletedAt && job.outbox.length === 0) {
      await this.jobs.deleteOne((j) => j.id === jobId && j.deletedAt !== null && j.outbox.length === 0);
    }
  }

  async outboxStats(): Promise<OutboxStats> {
    const jobs = await this.jobs.find((j) => j.outbox.length > 0);
    return outboxStatsOf(jobs.flatMap((j) => j.outbox.map((entry) => entry.createdAt)));
  }

  flush(): Promise<void> {
    return this.jobs.flush();
  }

  /** Every acknowledged write is already on disk; this only waits for a write still in flight. */
  durable(): Promise<void> {
    return this.jobs.flush();
  }

  close(): Promise<void> {
    return this.jobs.close();
  }
}
