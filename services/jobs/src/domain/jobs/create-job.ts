import { randomUUID, randomInt } from 'node:crypto';
import {
  DEFAULT_ASPECT_RATIO,
  frameOfQuality,
  isWithinResolution,
  resolutionOfFrame,
  SEED_MAX,
  unsupportedOptionErrors,
  type AiModel,
  type JobAspectRatio,
  type JobDuration,
  type JobQuality,
  type JobSpeed,
  type Tier,
  type VideoFrame,
} from '@kadr/contracts';
import { currentTraceContext } from '@kadr/telemetry';
import type { AdmissionLockRepository } from '../../data-access/admissions/admission-lock.repository';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import {
  InsufficientCreditsError,
  type CommerceClient,
  type CommerceHold,
} from '../../integrations/commerce/commerce-client';
import { priceOf } from '../catalogue/price-rule';
import { planLifting } from '../catalogue/video-options';
import { ActiveJobsCapError, InvalidJobRequestError, JobsDomainError, ResolutionAbovePlanError } from '../errors';
import type { ProviderRegistry } from '../generation/provider-registry';
import { isOverActiveCap, type ActiveJobsCaps } from './active-jobs-cap';
import { underAdmissionLease } from './admission-lease';
import type { Job } from './job';
import { createdStep } from './job-events';
import type { StartImageCheck } from './start-image-check';
import type { JobsApiMetrics } from './job-metrics';

export interface CreateJobInput {
  userId: string;
  idempotencyKey: string;
  correlationId: string;
  prompt: string;
  modelId: string;
  duration: JobDuration;
  quality: JobQuality;
  speed: JobSpeed;
  /** Default 16:9. */
  aspectRatio?: JobAspectRatio;
  /** Absent: one is picked at random (and stored, so the job can be reproduced). */
  seed?: number;
  /** Empty or absent: none. */
  negativePrompt?: string;
  /** Image-to-video: the caller's upload or one of their jobs' start images (checked before anything is held). */
  image?: string;
}

/** What a new job is made of: its request's settings; the saga's bookkeeping is `reservingJob`'s. */
export type NewJobFields = Pick<
  Job,
  | 'userId'
  | 'idempotencyKey'
  | 'correlationId'
  | 'attemptLimit'
  | 'kind'
  | 'sourceJobId'
  | 'sourceVideoKey'
  | 'prompt'
  | 'modelId'
  | 'provider'
  | 'durationSeconds'
  | 'quality'
  | 'speed'
  | 'aspectRatio'
  | 'width'
  | 'height'
  | 'seed'
  | 'negativePrompt'
  | 'startImageSource'
  | 'startImageKey'
  | 'cost'
>;

/** A job as the saga's step 1 stores it: RESERVING, nothing held, never run, in the request's trace. */
export function reservingJob(fields: NewJobFields): Job {
  const now = new Date();
  return {
    id: randomUUID(),
    ...fields,
    chargedFrom: null,
    holdGeneration: 1,
    status: 'RESERVING',
    progress: 0,
    attempt: 0,
    leaseOwner: null,
    leaseUntil: null,
    errorCode: null,
    errorMessage: null,
    output: null,
    history: [],
    outbox: [],
    ...currentTraceContext(),
    createdAt: now,
    updatedAt: now,
    completedAt: null,
    deletedAt: null,
  };
}

/** Test seams only: a crash can be simulated between the saga's steps. */
export interface SagaHooks {
  afterReserving?(job: Job): Promise<void>;
  afterHold?(job: Job): Promise<void>;
}

export interface JobCreationDeps {
  jobs: JobRepository;
  /** The per-user lease that admits one user's creates one at a time. */
  admissions: AdmissionLockRepository;
  commerce: CommerceClient;
  providers: ProviderRegistry;
  /** Checks a start image and makes the job's copy of it. */
  startImages: StartImageCheck;
  attemptLimit: number;
  /** Jobs in progress a user may have at once, by tier. */
  activeJobsCaps: ActiveJobsCaps;
  /** Called after a write that put events in an outbox (the relay publishes them soon). */
  onOutboxWritten(): void;
  metrics: JobsApiMetrics;
  hooks?: SagaHooks;
}

/**
 * Creating a job is a saga (ARCHITECTURE §3), robust to a crash at any step:
 * 1. the job is stored as RESERVING, unique per (user, Idempotency-Key) — a retried or concurrent
 *    duplicate request finds that job and continues from wherever it is;
 *    — then, counting that job, a user over the tier's cap of jobs in progress gets 429 and the
 *    RESERVING job is removed (nothing held, nothing published). Storing and counting happen under
 *    the user's admission lease, so parallel creates are admitted one at a time: exactly up to the cap;
 * 2. commerce holds the credits or one allowance generation, idempotently by job id;
 * 3. the job becomes PENDING and `job.created` goes into its outbox, in one conditional write.
 * 402 from commerce removes the RESERVING job (nothing held, nothing published). The
 * reconciler finishes or undoes a saga a crash left between 1 and 3.
 */
export class JobCreation {
  constructor(private readonly deps: JobCreationDeps) {}

  async create(input: CreateJobInput): Promise<Job> {
    const model = await this.deps.providers.findAvailableModel(input.modelId);
    if (!model) {
      throw new InvalidJobRequestError({ modelId: 'This model is not available.' });
    }
    const errors: Record<string, string> = {};
    if (!model.durations.includes(input.duration)) {
      errors.duration = `This model renders ${model.durations.join(', ')} seconds.`;
    }
    if (!model.qualities.includes(input.quality)) errors.quality = `This model renders up to ${model.maxResolution}.`;
    if (!model.speeds.includes(input.speed)) errors.speed = 'This model does not offer this speed.';
    Object.assign(
      errors,
      unsupportedOptionErrors(
        { aspectRatios: model.aspectRatios, seed: model.supportsSeed, negativePrompt: model.supportsNegativePrompt },
        input,
      ),
    );
    if (input.image !== undefined && !model.supportsStartImage)
      errors.image = 'This model does not start from an image.';
    if (Object.keys(errors).length > 0) {
      throw new InvalidJobRequestError(errors);
    }
    // The image itself (owner, type, size, decoding) before anything is held: a 400 on `image`.
    if (input.image !== undefined) await this.deps.startImages.accept(input.userId, input.image);

    // The plan's cap applies to the frame's long side (issue 21): 720×1280 is 720p, 1080×1080 too.
    const frame = frameOfQuality(input.quality, input.aspectRatio ?? DEFAULT_ASPECT_RATIO);
    const entitlements = await this.deps.commerce.entitlements(input.userId, input.correlationId);
    if (!isWithinResolution(frame.resolution, entitlements.maxResolution)) {
      const lifting = planLifting(frame.resolution);
      throw new ResolutionAbovePlanError(
        `${input.quality} ${input.aspectRatio ?? DEFAULT_ASPECT_RATIO} (${frame.resolution}) is above your plan's cap of ${entitlements.maxResolution}. ` +
          `The ${lifting.name} plan lifts it to ${frame.resolution}.`,
        entitlements.maxResolution,
        lifting.plan,
      );
    }

    return this.submit(this.newJobOf(input, model, frame), entitlements.tier);
  }

  /**
   * Steps 1–3 for a job already validated and priced (a generation above, an upscale in `job-upscale.ts`):
   * stored as RESERVING under the user's admission lease (429 over the tier's cap), held, made PENDING.
   * A retry with the same Idempotency-Key answers the job the first request made.
   */
  async submit(candidate: Job, tier: Tier): Promise<Job> {
    const cap = this.deps.activeJobsCaps[tier];
    const job = await underAdmissionLease(
      this.deps.admissions,
      candidate.userId,
      () => this.admit(candidate, cap),
      () => this.admittedBefore(candidate),
    );
    if (!job) throw new ActiveJobsCapError(cap, tier);
    return this.continueIfReserving(job, candidate.correlationId);
  }

  /** The job an earlier request with this key made, once it is past RESERVING (a RESERVING one may still be refused). */
  private async admittedBefore(input: Pick<Job, 'userId' | 'idempotencyKey'>): Promise<Job | null> {
    const job = await this.deps.jobs.findByIdempotencyKey(input.userId, input.idempotencyKey);
    return job && job.status !== 'RESERVING' ? job : null;
  }

  /** A new generation of `input`, RESERVING. */
  private newJobOf(input: CreateJobInput, model: AiModel, frame: VideoFrame): Job {
    return reservingJob({
      userId: input.userId,
      idempotencyKey: input.idempotencyKey,
      correlationId: input.correlationId,
      attemptLimit: this.deps.attemptLimit,
      kind: 'generate',
      sourceJobId: null,
      sourceVideoKey: null,
      prompt: input.prompt,
      modelId: model.id,
      provider: model.provider,
      durationSeconds: input.duration,
      quality: input.quality,
      speed: input.speed,
      aspectRatio: input.aspectRatio ?? DEFAULT_ASPECT_RATIO,
      width: frame.width,
      height: frame.height,
      // The user's seed, else one at random (stored either way: the job page shows it, a new job can reuse it).
      seed: input.seed ?? randomInt(0, SEED_MAX + 1),
      negativePrompt: input.negativePrompt || null,
      startImageSource: input.image ?? null,
      startImageKey: null,
      cost: priceOf(model.price, input.duration, input.quality, input.speed),
    });
  }

  /** Step 1 and the cap: the stored job, or null when the user has too many in progress. */
  private async admit(candidate: Job, cap: number): Promise<Job | null> {
    const { job, created } = await this.deps.jobs.insert(candidate);
    if (job.status !== 'RESERVING') return job;
    if (await isOverActiveCap(this.deps.jobs, candidate.userId, cap)) {
      // Only the request that inserted it removes it; a duplicate (same key) just answers 429.
      if (created) await this.deps.jobs.discardReserving(job.id);
      return null;
    }
    if (created) await this.deps.hooks?.afterReserving?.(job);
    return job;
  }

  private continueIfReserving(job: Job, correlationId: string): Promise<Job> {
    return job.status === 'RESERVING' ? this.continueSaga(job, correlationId) : Promise.resolve(job);
  }

  /** Steps 2 and 3 for a RESERVING job (also the reconciler's way forward). */
  async continueSaga(job: Job, correlationId: string): Promise<Job> {
    // The job must survive a crash before commerce holds anything for it: a hold whose job a crash
    // undid would stay held for ever. Already true once the job's write was acknowledged (also in the
    // embedded mode's memory store, since issue 13); kept as an explicit, cheap marker.
    await this.deps.jobs.durable();
    const withImage = await this.withStartImageCopy(job);
    let hold: CommerceHold;
    try {
      hold = await this.deps.commerce.hold(
        { jobId: job.id, userId: job.userId, amount: job.cost, resolution: resolutionOfFrame(job.width, job.height) },
        correlationId,
      );
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        await this.discard(withImage);
        throw new JobsDomainError('insufficient_credits', error.detail);
      }
      throw error;
    }
    await this.deps.hooks?.afterHold?.(job);
    if (hold.state !== 'held') {
      // A settled hold means a concurrent duplicate already finished the saga and the job ran
      // (or failed) since: answer that job. A RESERVING job can never have a settled hold.
      const current = await this.deps.jobs.findById(job.id);
      if (current && !current.deletedAt && current.status !== 'RESERVING') return current;
      throw new JobsDomainError('conflict', 'This job can no longer be started.');
    }
    return this.markPending(withImage, hold.takenFrom, 'service:jobs');
  }

  /**
   * Image-to-video: the job's own copy of its start image, made before the hold (the upload is
   * swept after a day; the copy lives as long as the job) and recorded on the RESERVING job. A retry
   * finds the copy made. The source gone since the request was checked undoes the saga (400 on `image`).
   */
  private async withStartImageCopy(job: Job): Promise<Job> {
    if (!job.startImageSource || job.startImageKey) return job;
    let key: string | null;
    try {
      key = await this.deps.startImages.copyForJob(job);
    } catch (error) {
      if (error instanceof InvalidJobRequestError) await this.discard(job);
      throw error;
    }
    const updated = await this.deps.jobs.update(
      job.id,
      { status: ['RESERVING'] },
      { set: { startImageKey: key, updatedAt: new Date() } },
    );
    return updated ?? { ...job, startImageKey: key };
  }

  /** Undoes a RESERVING job that nothing was held for, with its copy of a start image. */
  private async discard(job: Job): Promise<void> {
    await this.deps.jobs.discardReserving(job.id);
    await this.deps.startImages.discardCopy(job);
  }

  /** Step 3: RESERVING → PENDING with `job.created` and QUEUED in the same write. */
  async markPending(job: Job, takenFrom: CommerceHold['takenFrom'], actor: string): Promise<Job> {
    const now = new Date();
    const pending: Job = { ...job, status: 'PENDING', chargedFrom: takenFrom, updatedAt: now };
    const step = createdStep(pending, now, actor);
    const updated = await this.deps.jobs.update(
      job.id,
      { status: ['RESERVING'] },
      {
        set: { status: 'PENDING', chargedFrom: takenFrom, updatedAt: now },
        outbox: step.entries,
        history: step.history,
      },
    );
    if (updated) {
      this.deps.onOutboxWritten();
      this.deps.metrics.created(updated);
      // 202 only for a job a crash cannot undo (found by the restart chaos test: an accepted job vanished);
      // the acknowledged update above already is durable, this is the explicit marker.
      await this.deps.jobs.durable();
      return updated;
    }
    // A concurrent duplicate request (or the reconciler) finished it first.
    const current = await this.deps.jobs.findById(job.id);
    if (!current || current.deletedAt) throw new JobsDomainError('conflict', 'This job no longer exists.');
    return current;
  }
}
