import type { OutboxEntry } from '@kadr/outbox';
import type { JobAspectRatio, JobKindName, JobOutput, JobQuality, JobSpeed } from '@kadr/contracts';

/** ARCHITECTURE §6. RESERVING is the saga's first, internal state: never returned, never published. */
export type JobStatus = 'RESERVING' | 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

export const JOB_STATUSES: readonly JobStatus[] = [
  'RESERVING',
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
];

/** Terminal: nothing changes a finished job's status again (an administrator's requeue of FAILED aside). */
export const FINISHED_STATUSES: readonly JobStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];
export const ACTIVE_STATUSES: readonly JobStatus[] = ['PENDING', 'PROCESSING'];
export const VISIBLE_STATUSES: readonly JobStatus[] = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'];

/** An event waiting in the job's outbox (see @kadr/outbox). */
export type { OutboxEntry };

export type JobEventKind =
  'created' | 'queued' | 'started' | 'progress' | 'completed' | 'failed' | 'cancelled' | 'deleted';

/** One step of the job's life, kept on the job for the administrator's job detail. */
export interface JobHistoryEntry {
  at: Date;
  kind: JobEventKind;
  status: JobStatus;
  progress: number;
  attempt: number;
  message: string;
  errorCode: string | null;
  actor: string;
}

export interface Job {
  id: string;
  userId: string;
  /** The create request's Idempotency-Key: (userId, idempotencyKey) is unique. */
  idempotencyKey: string;
  /** What it makes (issue 21); absent on jobs stored before kinds: `generate`. */
  kind?: JobKindName;
  /**
   * An upscale's source: the same user's COMPLETED job whose video it scales up. Its prompt, shape, seed, length and
   * model are copied onto the upscale for display. Null or absent for a generation.
   */
  sourceJobId?: string | null;
  /** An upscale's input: the source's video key in the blob store (`users/<userId>/jobs/<sourceJobId>/video.mp4`). */
  sourceVideoKey?: string | null;
  prompt: string;
  modelId: string;
  provider: string;
  durationSeconds: number;
  quality: JobQuality;
  speed: JobSpeed;
  /** The frame shape (issue 21); absent on jobs stored before it: 16:9. width × height follow from it and the quality. */
  aspectRatio?: JobAspectRatio;
  width: number;
  height: number;
  /** The user's seed or one picked at random: the same prompt, seed and settings give the same local render. */
  seed: number;
  /** What the video should not show, for providers that take it; null (or absent on older jobs) when none. */
  negativePrompt?: string | null;
  /**
   * Image-to-video (issue 21): the checked image the request named (an upload or another job's
   * start image) and the job's own copy of it, `users/<userId>/jobs/<id>/start-image`, which the
   * saga makes before the hold. Null (or absent on older jobs) for text-to-video.
   */
  startImageSource?: string | null;
  startImageKey?: string | null;
  /** Credits the job costs outside the allowance (what the hold asked for). */
  cost: number;
  /** What commerce's hold took; null until the hold is placed. */
  chargedFrom: 'credits' | 'allowance' | null;
  /**
   * Commerce's hold generation for this job (1 = the first hold; a requeue of a FAILED job asks
   * for the next). Absent on jobs stored before requeue generations: 1.
   */
  holdGeneration?: number;
  status: JobStatus;
  progress: number;
  /** Rendering attempts started so far. */
  attempt: number;
  /** The attempt after which the job fails instead of being retried (raised by a requeue). */
  attemptLimit: number;
  /** The worker rendering it and until when its claim holds (renewed while it works). */
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /** When the latest attempt was claimed (the fair queue serves the user served longest ago first). */
  startedAt?: Date | null;
  errorCode: string | null;
  errorMessage: string | null;
  output: JobOutput | null;
  history: JobHistoryEntry[];
  outbox: OutboxEntry[];
  /** The create request's correlation id, carried by the job's events. */
  correlationId: string;
  /** W3C trace context of the create request: the job's renders continue that trace. */
  traceparent?: string;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  /** Set when deleted: hidden from every read; the document goes once its outbox is published. */
  deletedAt: Date | null;
  /** Starred by its owner in the gallery (issue 21). Absent on jobs stored before: not starred. */
  favourite?: boolean;
}

/** Fields a conditional update may set. */
export type JobFields = Partial<
  Pick<
    Job,
    | 'status'
    | 'progress'
    | 'attempt'
    | 'attemptLimit'
    | 'leaseOwner'
    | 'leaseUntil'
    | 'startedAt'
    | 'errorCode'
    | 'errorMessage'
    | 'output'
    | 'chargedFrom'
    | 'holdGeneration'
    | 'completedAt'
    | 'deletedAt'
    | 'updatedAt'
    | 'startImageKey'
  >
>;
