import type { JobAspectRatio } from '@kadr/contracts';
import type { OutboxStats } from '@kadr/outbox';
import {
  JOB_STATUSES,
  type Job,
  type JobFields,
  type JobHistoryEntry,
  type JobStatus,
  type OutboxEntry,
} from '../../domain/jobs/job';

/**
 * What an update requires of the job (all given parts must hold); deleted jobs never match.
 * Every state change is ONE conditional single-document update whose filter is this condition.
 */
export interface JobCondition {
  status?: readonly JobStatus[];
  /** Optimistic concurrency: the attempt counter the caller read. */
  attempt?: number;
  leaseOwner?: string;
  /** The lease ran out before this instant (a worker that stopped renewing it). */
  leaseExpiredBefore?: Date;
  /** Last changed before this instant (a second dispatcher that read the same job finds it fresh). */
  updatedBefore?: Date;
}

/** The change: fields to set, and history and events to append — in the same write. */
export interface JobChange {
  set: JobFields;
  history?: readonly JobHistoryEntry[];
  outbox?: readonly OutboxEntry[];
}

export interface JobListQuery {
  statuses: readonly JobStatus[];
  skip: number;
  take: number;
}

/** The gallery's query over one user's jobs (not deleted, never RESERVING). */
export interface GalleryFilter {
  statuses: readonly JobStatus[];
  /** Every one must be a word of the prompt (`promptWordsOf`); empty: no search. */
  words: readonly string[];
  modelId?: string;
  /** One frame shape; a job stored without one is 16:9. */
  aspectRatio?: JobAspectRatio;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  favouritesOnly: boolean;
  /** By creation time, ties by id the same way. */
  sort: 'newest' | 'oldest';
  skip: number;
  take: number;
}

export interface GalleryPage {
  items: Job[];
  /** Every job the filter finds, across all pages. */
  total: number;
}

export interface PendingOutbox {
  jobId: string;
  entries: OutboxEntry[];
  /** The job was deleted: once its outbox is published the document can go. */
  deleted: boolean;
}

/** What a render's length depends on: the same model, quality, length and speed render alike. */
export interface RenderShape {
  modelId: string;
  quality: Job['quality'];
  durationSeconds: number;
  speed: Job['speed'];
}

/** One finished render: from the claim of its last attempt to its completion. */
export interface RenderSpan {
  startedAt: Date;
  completedAt: Date;
}

/** One user's place in the claim queue: the user's oldest PENDING job and what the user has running. */
export interface QueueHead {
  job: Job;
  /** The user's PROCESSING jobs. */
  running: number;
  /** When the user's most recently claimed job was claimed; null if never. */
  lastStartedAt: Date | null;
}

export interface JobRepository {
  /** Inserts; when (userId, idempotencyKey) exists already, returns that job with `created: false`. */
  insert(job: Job): Promise<{ job: Job; created: boolean }>;
  /** The job, deleted or not. */
  findById(id: string): Promise<Job | null>;
  /** The job a create request with this (user, Idempotency-Key) made, deleted or not. */
  findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<Job | null>;
  /** A user's jobs (not deleted) in the given statuses, newest first. */
  listForUser(userId: string, query: JobListQuery): Promise<Job[]>;
  countForUser(userId: string, statuses: readonly JobStatus[]): Promise<number>;
  /** One page of the user's gallery and the count of everything the filter finds. */
  galleryForUser(userId: string, filter: GalleryFilter): Promise<GalleryPage>;
  /**
   * Stars or unstars the user's job (not deleted, not RESERVING); the updated job, or null when it is not
   * theirs. Not a state change: `updatedAt`, the history and the outbox stay as they are.
   */
  setFavourite(id: string, userId: string, favourite: boolean): Promise<Job | null>;
  /** Jobs (not deleted, of every user) in the given statuses, oldest first (created, then id); at most `limit`. */
  listInStatus(statuses: readonly JobStatus[], limit: number): Promise<Job[]>;
  /** The newest completed renders of this shape (not deleted), newest first; at most `limit`. */
  recentRenders(shape: RenderShape, limit: number): Promise<RenderSpan[]>;
  /** The updated job, or null when it does not exist, is deleted, or the condition does not hold. */
  update(id: string, condition: JobCondition, change: JobChange): Promise<Job | null>;
  /** Removes a job that never left RESERVING (a saga undone before anything was held or published). */
  discardReserving(id: string): Promise<boolean>;
  /** Jobs (not deleted) in `status`, last updated before `updatedBefore`, oldest first. */
  findStale(status: JobStatus, updatedBefore: Date, limit: number): Promise<Job[]>;
  /**
   * The claim queue, one head per user with PENDING jobs (not deleted): up to `limit` users, those
   * whose oldest PENDING job is oldest first.
   */
  queueHeads(limit: number): Promise<QueueHead[]>;
  /** Jobs (not deleted) per status, every status present (0 when none): what the metrics report. */
  countByStatus(): Promise<Record<JobStatus, number>>;
  /**
   * Gives every job stored before the gallery's search its search words (issue 21), in batches, so a search
   * finds old videos too; returns how many it updated (0 for a store that derives them on read). Safe to run
   * again and on several replicas at once: it only sets words a job does not have, to what its prompt gives.
   */
  backfillSearchWords(): Promise<number>;
  /** PROCESSING jobs whose lease ran out before `now`. */
  findExpiredLeases(now: Date, limit: number): Promise<Job[]>;
  /** Jobs with unpublished events. */
  takeOutbox(limit: number): Promise<PendingOutbox[]>;
  /** Removes published events (by id); a deleted job whose outbox is then empty is removed. */
  removeFromOutbox(jobId: string, eventIds: readonly string[]): Promise<void>;
  /** Events not yet published, over all jobs (deleted ones too), and when the oldest was written (its `createdAt`). */
  outboxStats(): Promise<OutboxStats>;
  /**
   * Resolves once every write made so far survives a crash of this process. Redundant now: both
   * stores' writes are durable when acknowledged (the database's write concern; the persisted memory
   * store resolves a change only after its file write, see @kadr/documents). Kept as a cheap,
   * explicit marker where a crash must not undo what another service or the caller was told.
   */
  durable(): Promise<void>;
}

/** What `countByStatus` answers: a count for every status, 0 for those `countOf` does not know. */
export function countsOfEveryStatus(countOf: (status: JobStatus) => number | undefined): Record<JobStatus, number> {
  return Object.fromEntries(JOB_STATUSES.map((status) => [status, countOf(status) ?? 0])) as Record<JobStatus, number>;
}
