import { DEFAULT_ASPECT_RATIO } from '@kadr/contracts';
import { OUTBOX_ENTRY_FIELDS, type OutboxStats } from '@kadr/outbox';
import { Schema, type Connection, type Model } from 'mongoose';
import { arrayElementStats, isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import { promptWordsOf } from '../../domain/gallery/prompt-words';
import type { Job, JobHistoryEntry, JobStatus, OutboxEntry } from '../../domain/jobs/job';
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

interface JobDocument extends Omit<Job, 'id'> {
  _id: string;
  /** The gallery's search words (`promptWordsOf(prompt)`), written with the job; only this store keeps them. */
  promptWords?: string[];
}

const outboxEntrySchema = new Schema<OutboxEntry>(
  {
    ...OUTBOX_ENTRY_FIELDS,
  },
  { _id: false, id: false },
);

const historyEntrySchema = new Schema<JobHistoryEntry>(
  {
    at: { type: Date, required: true },
    kind: { type: String, required: true },
    status: { type: String, required: true },
    progress: { type: Number, required: true },
    attempt: { type: Number, required: true },
    message: { type: String, default: '' },
    errorCode: { type: String, default: null },
    actor: { type: String, default: '' },
  },
  { _id: false, id: false },
);

const outputSchema = new Schema(
  {
    videoKey: String,
    thumbnailKey: String,
    contentType: String,
    durationSeconds: Number,
    width: Number,
    height: Number,
    sizeBytes: Number,
  },
  { _id: false, id: false },
);

const jobSchema = new Schema<JobDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    idempotencyKey: { type: String, required: true },
    prompt: { type: String, required: true },
    modelId: { type: String, required: true },
    provider: { type: String, required: true },
    durationSeconds: { type: Number, required: true },
    quality: { type: String, required: true },
    speed: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    seed: { type: Number, required: true },
    // Jobs stored before issue 21 are 16:9 without a negative prompt.
    aspectRatio: { type: String, default: '16:9' },
    negativePrompt: { type: String, default: null },
    startImageSource: { type: String, default: null },
    startImageKey: { type: String, default: null },
    // Jobs stored before issue 21's upscale are generations with no source.
    kind: { type: String, default: 'generate' },
    sourceJobId: { type: String, default: null },
    sourceVideoKey: { type: String, default: null },
    cost: { type: Number, required: true },
    chargedFrom: { type: String, default: null },
    holdGeneration: { type: Number, default: 1 },
    status: { type: String, required: true },
    progress: { type: Number, required: true },
    attempt: { type: Number, required: true },
    attemptLimit: { type: Number, required: true },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    startedAt: { type: Date, default: null },
    errorCode: { type: String, default: null },
    errorMessage: { type: String, default: null },
    output: { type: outputSchema, default: null },
    history: { type: [historyEntrySchema], default: [] },
    outbox: { type: [outboxEntrySchema], default: [] },
    correlationId: { type: String, required: true },
    traceparent: String,
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    completedAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    favourite: { type: Boolean },
    promptWords: { type: [String], default: undefined },
  },
  { collection: 'jobs', versionKey: false, id: false },
);
// A retried create (same user and Idempotency-Key) finds the first one's job.
jobSchema.index({ userId: 1, idempotencyKey: 1 }, { unique: true });
jobSchema.index({ userId: 1, createdAt: -1 });
jobSchema.index({ status: 1, updatedAt: 1 });
// The claim queue: PENDING jobs oldest first, and each user's running jobs and latest start.
jobSchema.index({ status: 1, createdAt: 1 });
jobSchema.index({ userId: 1, startedAt: -1 });
// The render history the queue's estimates read (recentRenders).
jobSchema.index({ status: 1, modelId: 1, quality: 1, durationSeconds: 1, speed: 1, completedAt: -1 });
// The gallery's search: every word must be in the prompt. A multikey index over the normalised words
// answers `$all` with exact index bounds (no regex over prompts); the plain gallery uses { userId, createdAt }.
jobSchema.index({ userId: 1, promptWords: 1, createdAt: -1 });

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- promptWords is the store's own field, never the job's
function toJob({ _id, promptWords, ...rest }: JobDocument): Job {
  return {
    id: _id,
    ...rest,
    output: rest.output ?? null,
    history: rest.history ?? [],
    outbox: rest.outbox ?? [],
  };
}

function filterOf(id: string, condition: JobCondition): Record<string, unknown> {
  const filter: Record<string, unknown> = { _id: id, deletedAt: null };
  if (condition.status) filter.status = { $in: [...condition.status] };
  if (condition.attempt !== undefined) filter.attempt = condition.attempt;
  if (condition.leaseOwner !== undefined) filter.leaseOwner = condition.leaseOwner;
  if (condition.leaseExpiredBefore !== undefined) filter.leaseUntil = { $lt: condition.leaseExpiredBefore };
  if (condition.updatedBefore !== undefined) filter.updatedAt = { $lt: condition.updatedBefore };
  return filter;
}

export class MongooseJobRepository implements JobRepository {
  private readonly jobs: Model<JobDocument>;

  constructor(connection: Connection) {
    this.jobs = connection.model<JobDocument>('Job', jobSchema);
  }

  async insert(job: Job): Promise<{ job: Job; created: boolean }> {
    const { id, ...fields } = job;
    try {
      await this.jobs.create({ _id: id, ...fields, promptWords: promptWordsOf(job.prompt) });
      return { job, created: true };
    } catch (err) {
      // The unique index lets exactly one of many concurrent creates insert; the others read its job.
      if (isDuplicateKeyError(err)) {
        const existing = await this.jobs.findOne({ userId: job.userId, idempotencyKey: job.idempotencyKey }).lean();
        if (existing) return { job: toJob(existing), created: false };
      }
      throw toDbTransientError(err, 'jobs.insert');
    }
  }

  async findById(id: string): Promise<Job | null> {
    try {
      const doc = await this.jobs.findById(id).lean();
      return doc ? toJob(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'jobs.findById');
    }
  }

  async findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<Job | null> {
    try {
      const doc = await this.jobs.findOne({ userId, idempotencyKey }).lean();
      return doc ? toJob(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'jobs.findByIdempotencyKey');
    }
  }

  async listForUser(userId: string, { statuses, skip, take }: JobListQuery): Promise<Job[]> {
    try {
      const docs = await this.jobs
        .find({ userId, deletedAt: null, status: { $in: [...statuses] } })
        .sort({ createdAt: -1, _id: -1 })
        .skip(skip)
        .limit(take)
        .lean();
      return docs.map(toJob);
    } catch (err) {
      throw toDbTransientError(err, 'jobs.listForUser');
    }
  }

  async listInStatus(statuses: readonly JobStatus[], limit: number): Promise<Job[]> {
    try {
      const docs = await this.jobs
        .find({ deletedAt: null, status: { $in: [...statuses] } })
        .sort({ createdAt: 1, _id: 1 })
        .limit(limit)
        .lean();
      return docs.map(toJob);
    } catch (err) {
      throw toDbTransientError(err, 'jobs.listInStatus');
    }
  }

  async recentRenders(shape: RenderShape, limit: number): Promise<RenderSpan[]> {
    try {
      const docs = await this.jobs
        .find(
          {
            status: 'COMPLETED',
            deletedAt: null,
            startedAt: { $ne: null },
            completedAt: { $ne: null },
            modelId: shape.modelId,
            quality: shape.quality,
            durationSeconds: shape.durationSeconds,
            speed: shape.speed,
          },
          { startedAt: 1, completedAt: 1 },
        )
        .sort({ completedAt: -1 })
        .limit(limit)
        .lean();
      return docs.map((doc) => ({ startedAt: doc.startedAt!, completedAt: doc.completedAt! }));
    } catch (err) {
      throw toDbTransientError(err, 'jobs.recentRenders');
    }
  }

  async countForUser(userId: string, statuses: JobListQuery['statuses']): Promise<number> {
    try {
      return await this.jobs.countDocuments({ userId, deletedAt: null, status: { $in: [...statuses] } });
    } catch (err) {
      throw toDbTransientError(err, 'jobs.countForUser');
    }
  }

  async galleryForUser(userId: string, filter: GalleryFilter): Promise<GalleryPage> {
    const { statuses, words, modelId, aspectRatio, from, to, favouritesOnly, sort, skip, take } = filter;
    const query: Record<string, unknown> = { userId, deletedAt: null, status: { $in: [...statuses] } };
    if (words.length > 0) query.promptWords = { $all: [...words] };
    if (modelId !== undefined) query.modelId = modelId;
    // A document stored before shapes existed has no field (read as 16:9, the schema's default).
    if (aspectRatio !== undefined) {
      query.aspectRatio = aspectRatio === DEFAULT_ASPECT_RATIO ? { $in: [aspectRatio, null] } : aspectRatio;
    }
    if (from || to) query.createdAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
    if (favouritesOnly) query.favourite = true;
    const order = sort === 'newest' ? -1 : 1;
    try {
      const [docs, total] = await Promise.all([
        this.jobs.find(query).sort({ createdAt: order, _id: order }).skip(skip).limit(take).lean(),
        this.jobs.countDocuments(query),
      ]);
      return { items: docs.map(toJob), total };
    } catch (err) {
      throw toDbTransientError(err, 'jobs.galleryForUser');
    }
  }

  async setFavourite(id: string, userId: string, favourite: boolean): Promise<Job | null> {
    try {
      const doc = await this.jobs
        .findOneAndUpdate(
          { _id: id, userId, deletedAt: null, status: { $ne: 'RESERVING' } },
          { $set: { favourite } },
          { returnDocument: 'after', lean: true },
        )
        .exec();
      return doc ? toJob(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'jobs.setFavourite');
    }
  }

  async update(id: string, condition: JobCondition, change: JobChange): Promise<Job | null> {
    const push: Record<string, unknown> = {};
    if (change.history?.length) push.history = { $each: [...change.history] };
    if (change.outbox?.length) push.outbox = { $each: [...change.outbox] };
    try {
      const doc = await this.jobs
        .findOneAndUpdate(
          // The whole precondition is in the filter: check and change are one atomic step.
          filterOf(id, condition),
          { $set: { ...change.set }, ...(Object.keys(push).length ? { $push: push } : {}) },
          { returnDocument: 'after', lean: true },
        )
        .exec();
      return doc ? toJob(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'jobs.update');
    }
  }

  async discardReserving(id: string): Promise<boolean> {
    try {
      return (await this.jobs.deleteOne({ _id: id, status: 'RESERVING', deletedAt: null }).exec()).deletedCount > 0;
    } catch (err) {
      throw toDbTransientError(err, 'jobs.discardReserving');
    }
  }

  async findStale(status: Job['status'], updatedBefore: Date, limit: number): Promise<Job[]> {
    try {
      const docs = await this.jobs
        .find({ status, deletedAt: null, updatedAt: { $lt: updatedBefore } })
        .sort({ updatedAt: 1 })
        .limit(limit)
        .lean();
      return docs.map(toJob);
    } catch (err) {
      throw toDbTransientError(err, 'jobs.findStale');
    }
  }

  async queueHeads(limit: number): Promise<QueueHead[]> {
    try {
      const heads = await this.jobs.aggregate<{ _id: string; jobId: string; createdAt: Date }>([
        { $match: { status: 'PENDING', deletedAt: null } },
        { $sort: { createdAt: 1, _id: 1 } },
        { $group: { _id: '$userId', jobId: { $first: '$_id' }, createdAt: { $first: '$createdAt' } } },
        { $sort: { createdAt: 1, jobId: 1 } },
        { $limit: limit },
      ]);
      if (heads.length === 0) return [];
      const userIds = heads.map((h) => h._id);
      const [docs, running, starts] = await Promise.all([
        this.jobs.find({ _id: { $in: heads.map((h) => h.jobId) } }).lean(),
        this.jobs.aggregate<{ _id: string; n: number }>([
          { $match: { userId: { $in: userIds }, status: 'PROCESSING', deletedAt: null } },
          { $group: { _id: '$userId', n: { $sum: 1 } } },
        ]),
        this.jobs.aggregate<{ _id: string; last: Date }>([
          // Deleted jobs are left out, as everywhere (and the memory store forgets them once published).
          { $match: { userId: { $in: userIds }, startedAt: { $ne: null }, deletedAt: null } },
          { $group: { _id: '$userId', last: { $max: '$startedAt' } } },
        ]),
      ]);
      const byId = new Map(docs.map((doc) => [doc._id, toJob(doc)]));
      const runningOf = new Map(running.map((r) => [r._id, r.n]));
      const lastOf = new Map(starts.map((s) => [s._id, new Date(s.last)]));
      return heads.flatMap((head) => {
        const job = byId.get(head.jobId);
        // Claimed or deleted between the two reads: that user is left for the next look.
        if (!job || job.status !== 'PENDING' || job.deletedAt) return [];
        return [{ job, running: runningOf.get(head._id) ?? 0, lastStartedAt: lastOf.get(head._id) ?? null }];
      });
    } catch (err) {
      throw toDbTransientError(err, 'jobs.queueHeads');
    }
  }

  /** An acknowledged write is already durable (the server's write concern). */
  durable(): Promise<void> {
    return Promise.resolve();
  }

  async backfillSearchWords(batchSize = 500): Promise<number> {
    let updated = 0;
    for (;;) {
      const batch = await this.jobs
        .find({ promptWords: { $exists: false } }, { _id: 1, prompt: 1 })
        .limit(batchSize)
        .lean();
      if (batch.length === 0) return updated;
      const result = await this.jobs.bulkWrite(
        batch.map((job) => ({
          updateOne: {
            filter: { _id: job._id, promptWords: { $exists: false } },
            update: { $set: { promptWords: promptWordsOf(job.prompt) } },
          },
        })),
        { ordered: false },
      );
      updated += result.modifiedCount;
      // A replica running the same backfill took this batch: the next query finds what is left.
      if (batch.length < batchSize) return updated;
    }
  }

  async countByStatus(): Promise<Record<JobStatus, number>> {
    try {
      const groups = await this.jobs.aggregate<{ _id: string; n: number }>([
        { $match: { deletedAt: null } },
        { $group: { _id: '$status', n: { $sum: 1 } } },
      ]);
      const counts = new Map(groups.map((g) => [g._id, g.n]));
      return countsOfEveryStatus((status) => counts.get(status));
    } catch (err) {
      throw toDbTransientError(err, 'jobs.countByStatus');
    }
  }

  async findExpiredLeases(now: Date, limit: number): Promise<Job[]> {
    try {
      const docs = await this.jobs
        .find({ status: 'PROCESSING', deletedAt: null, leaseUntil: { $lt: now } })
        .sort({ updatedAt: 1 })
        .limit(limit)
        .lean();
      return docs.map(toJob);
    } catch (err) {
      throw toDbTransientError(err, 'jobs.findExpiredLeases');
    }
  }

  async takeOutbox(limit: number): Promise<PendingOutbox[]> {
    try {
      const docs = await this.jobs
        .find({ 'outbox.0': { $exists: true } }, { outbox: 1, deletedAt: 1 })
        .limit(limit)
        .lean();
      return docs.map((doc) => ({ jobId: doc._id, entries: doc.outbox, deleted: doc.deletedAt != null }));
    } catch (err) {
      throw toDbTransientError(err, 'jobs.takeOutbox');
    }
  }

  async removeFromOutbox(jobId: string, eventIds: readonly string[]): Promise<void> {
    try {
      // `$pullAll` of the exact entries read first: FerretDB ignores `$pull` conditions on sub-documents.
      const current = await this.jobs.findById(jobId, { outbox: 1 }).lean();
      const published = current?.outbox.filter((e) => eventIds.includes(e.id)) ?? [];
      if (published.length > 0) await this.jobs.updateOne({ _id: jobId }, { $pullAll: { outbox: published } }).exec();
      // A deleted job goes once nothing is left to publish (the filter re-checks both).
      await this.jobs.deleteOne({ _id: jobId, deletedAt: { $ne: null }, 'outbox.0': { $exists: false } }).exec();
    } catch (err) {
      throw toDbTransientError(err, 'jobs.removeFromOutbox');
    }
  }

  async outboxStats(): Promise<OutboxStats> {
    try {
      const { count, earliest } = await arrayElementStats(this.jobs, 'outbox', 'createdAt');
      return { pending: count, oldestAt: earliest };
    } catch (err) {
      throw toDbTransientError(err, 'jobs.outboxStats');
    }
  }
}
