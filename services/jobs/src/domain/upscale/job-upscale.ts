import { DEFAULT_ASPECT_RATIO, type UpscaleQuote } from '@kadr/contracts';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { CommerceClient } from '../../integrations/commerce/commerce-client';
import { planLifting } from '../catalogue/video-options';
import { JobsDomainError, ResolutionAbovePlanError } from '../errors';
import { reservingJob, type JobCreation } from '../jobs/create-job';
import type { Job } from '../jobs/job';
import { upscaleTargetOf, type UpscaleTarget } from './upscale-target';

export interface JobUpscaleDeps {
  jobs: JobRepository;
  commerce: CommerceClient;
  /** The creation saga every job goes through (admission, hold, PENDING with `job.created`). */
  creation: JobCreation;
  attemptLimit: number;
}

export interface UpscaleRequest {
  userId: string;
  sourceJobId: string;
  idempotencyKey: string;
  correlationId: string;
}

const noSuchVideo = () => new JobsDomainError('not_found', 'There is no such video.');

/** Why a source cannot be upscaled, in words a person understands (the quote's `detail`, the 409's). */
const NOT_FINISHED = 'Only a finished video can be upscaled.';
const AT_TOP = 'This video is already at the highest resolution.';

/**
 * Upscaling (issue 21): a new job of kind `upscale` that scales the owner's COMPLETED video to the next quality up in
 * its shape, within the plan's cap. It goes through the same saga as a generation (`JobCreation.submit`: unique per
 * user + Idempotency-Key, the hold, PENDING with `job.created`), so its money path is the same: captured when it
 * completes, released when it fails, is cancelled or deleted.
 */
export class JobUpscale {
  constructor(private readonly deps: JobUpscaleDeps) {}

  /** The quote shown before upscaling: the target and its price, or why there is none. Another user's job is a 404. */
  async quote(userId: string, sourceJobId: string, correlationId: string): Promise<UpscaleQuote> {
    const source = await this.ownedSource(userId, sourceJobId);
    const { maxResolution } = await this.deps.commerce.entitlements(userId, correlationId);
    const base = { sourceJobId, maxResolution };
    if (!isFinished(source)) {
      return { ...base, ...nothing, available: false, refusal: 'not_finished', detail: NOT_FINISHED };
    }
    const target = upscaleTargetOf(sourceSettings(source), maxResolution);
    if (!target.possible && target.refusal === 'top') {
      return { ...base, ...nothing, available: false, refusal: 'top', detail: AT_TOP };
    }
    const { quality, frame, cost } = target;
    const offer = { quality, width: frame.width, height: frame.height, resolution: frame.resolution, cost };
    if (!target.possible) {
      return {
        ...base,
        ...offer,
        available: false,
        refusal: 'plan_cap',
        detail: aboveCapSentence(target, maxResolution),
        requiredPlan: planLifting(frame.resolution).plan,
      };
    }
    return { ...base, ...offer, available: true, refusal: null, detail: null, requiredPlan: null };
  }

  /**
   * Makes the upscale job (202 at the edge). A retry with the same Idempotency-Key answers the job the first request
   * made, even once the source is gone. 404 for a source that is missing, deleted or another user's; 409 for one not
   * COMPLETED or already at the top; 403 `tier_cap` above the plan's cap; then the saga's own refusals (402, 429).
   */
  async create(request: UpscaleRequest): Promise<Job> {
    const earlier = await this.deps.jobs.findByIdempotencyKey(request.userId, request.idempotencyKey);
    if (
      earlier &&
      !earlier.deletedAt &&
      earlier.status !== 'RESERVING' &&
      earlier.sourceJobId === request.sourceJobId
    ) {
      return earlier;
    }
    const source = await this.ownedSource(request.userId, request.sourceJobId);
    if (!isFinished(source)) throw new JobsDomainError('conflict', NOT_FINISHED);
    const entitlements = await this.deps.commerce.entitlements(request.userId, request.correlationId);
    const target = upscaleTargetOf(sourceSettings(source), entitlements.maxResolution);
    if (!target.possible) {
      if (target.refusal === 'top') throw new JobsDomainError('conflict', AT_TOP);
      throw new ResolutionAbovePlanError(
        aboveCapSentence(target, entitlements.maxResolution),
        entitlements.maxResolution,
        planLifting(target.frame.resolution).plan,
      );
    }
    const candidate = reservingJob({
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      correlationId: request.correlationId,
      attemptLimit: this.deps.attemptLimit,
      kind: 'upscale',
      sourceJobId: source.id,
      sourceVideoKey: source.output.videoKey,
      // Shown on the upscale's page and card as the source's; the render itself only reads the source's video.
      prompt: source.prompt,
      modelId: source.modelId,
      // The worker's own ffmpeg does the work, whichever provider made the source (time-outs, metrics, estimates).
      provider: 'local',
      durationSeconds: source.durationSeconds,
      quality: target.quality,
      speed: source.speed,
      aspectRatio: source.aspectRatio ?? DEFAULT_ASPECT_RATIO,
      width: target.frame.width,
      height: target.frame.height,
      seed: source.seed,
      negativePrompt: source.negativePrompt ?? null,
      cost: target.cost,
    });
    return this.deps.creation.submit(candidate, entitlements.tier);
  }

  /** The caller's visible job, else the same 404 as a job that does not exist (never a 403: nothing leaks). */
  private async ownedSource(userId: string, sourceJobId: string): Promise<Job> {
    const source = await this.deps.jobs.findById(sourceJobId);
    if (!source || source.userId !== userId || source.deletedAt || source.status === 'RESERVING') throw noSuchVideo();
    return source;
  }
}

const nothing = { quality: null, width: null, height: null, resolution: null, cost: null, requiredPlan: null };

type FinishedJob = Job & { output: NonNullable<Job['output']> };

const isFinished = (job: Job): job is FinishedJob => job.status === 'COMPLETED' && job.output !== null;

const sourceSettings = (job: Job) => ({
  quality: job.quality,
  aspectRatio: job.aspectRatio ?? DEFAULT_ASPECT_RATIO,
  durationSeconds: job.durationSeconds,
  speed: job.speed,
});

function aboveCapSentence(target: Extract<UpscaleTarget, { refusal: 'plan_cap' }>, cap: string): string {
  const { frame } = target;
  const lifting = planLifting(frame.resolution);
  return (
    `Upscaling to ${frame.width}×${frame.height} (${frame.resolution}) is above your plan's cap of ${cap}. ` +
    `The ${lifting.name} plan lifts it to ${frame.resolution}.`
  );
}
