import { z } from 'zod';
import {
  JOB_ASPECT_RATIOS,
  JOB_DURATIONS,
  JOB_KINDS,
  JOB_QUALITIES,
  JOB_SPEEDS,
  NEGATIVE_PROMPT_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  PUBLIC_JOB_STATUSES,
  RESOLUTION_OF_QUALITY,
  resolutionRank,
  SEED_MAX,
  type JobAspectRatio,
  type JobDuration,
  type JobQuality,
  type Resolution,
} from '../values';
import { PlanIdSchema, ResolutionSchema } from './commerce';
import { literalUnion } from './literal-union';
import { PROMPT_VISIBLE_CHARACTER, PROMPT_VISIBLE_CHARACTER_PATTERN, trimInvisibleEdges } from './prompt-text';

/**
 * The jobs service's HTTP API. Public paths are relative to the jobs service's base URL and are
 * what the gateway forwards from `/bff/platform/<path>`; `/internal/admin/*` is called by the
 * admin service with the administrator's user token (audience `jobs`).
 */

export const JOBS_PATHS = {
  models: '/ai-models',
  groupedModels: '/api/ai-models/grouped',
  jobs: '/jobs',
  activeJobs: '/jobs/active',
  recentJobs: '/jobs/recent',
  job: (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`,
  cancelJob: (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/cancel`,
  upscaleJob: (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/upscale`,
  providerSetting: '/api/settings/ai-provider',
  adminUserJobs: (userId: string) => `/internal/admin/users/${encodeURIComponent(userId)}/jobs`,
  adminJob: (jobId: string) => `/internal/admin/jobs/${encodeURIComponent(jobId)}`,
  adminRequeue: (jobId: string) => `/internal/admin/jobs/${encodeURIComponent(jobId)}/requeue`,
  adminMarkFailed: (jobId: string) => `/internal/admin/jobs/${encodeURIComponent(jobId)}/mark-failed`,
} as const;

// The values (JOB_DURATIONS, JOB_QUALITIES, … and their types) are in `values/jobs.ts`.
export const JobDurationSchema = literalUnion(JOB_DURATIONS);
export const JobQualitySchema = z.enum(JOB_QUALITIES);
export const JobSpeedSchema = z.enum(JOB_SPEEDS);
export const JobAspectRatioSchema = z.enum(JOB_ASPECT_RATIOS);
export const PublicJobStatusSchema = z.enum(PUBLIC_JOB_STATUSES);
export const JobKindNameSchema = z.enum(JOB_KINDS);

const isoDate = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- models catalogue

/** credits = ⌈creditsPerSecond × duration × qualityFactors[quality] × speedFactors[speed]⌉. */
export const PriceRuleSchema = z.object({
  /** The rule in words, for people. */
  formula: z.string().min(1),
  creditsPerSecond: z.number().positive(),
  qualityFactors: z.record(JobQualitySchema, z.number().positive()),
  speedFactors: z.record(JobSpeedSchema, z.number().positive()),
  rounding: z.literal('up'),
});
export type PriceRule = z.infer<typeof PriceRuleSchema>;

export const AiModelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** The provider that renders it (`local`, `fal`, …). */
  provider: z.string().min(1),
  description: z.string(),
  durations: z.array(JobDurationSchema),
  qualities: z.array(JobQualitySchema),
  speeds: z.array(JobSpeedSchema),
  /** The highest resolution the model renders. */
  maxResolution: ResolutionSchema,
  /** Lite 480p, Standard 720p, Pro 1080p, Ultra 2160p (only the model's qualities). */
  resolutionByQuality: z.record(z.string(), ResolutionSchema),
  /** The frame shapes it renders (issue 21); the first is the default. */
  aspectRatios: z.array(JobAspectRatioSchema).min(1),
  /** Whether a seed reproduces its videos (then the generator offers the seed field). */
  supportsSeed: z.boolean(),
  /** Whether it takes a negative prompt (what the video should not show). */
  supportsNegativePrompt: z.boolean(),
  /** Whether it starts from an image (image-to-video: the generator offers the upload). */
  supportsStartImage: z.boolean(),
  price: PriceRuleSchema,
});
export type AiModel = z.infer<typeof AiModelSchema>;

/**
 * What upscaling offers (issue 21), next to the models: a finished video is scaled to the next quality up (`ladder`,
 * low → high) in its own shape, up to the plan's cap on the long side, with ffmpeg's `filter`; it costs what
 * `price` gives for the target quality, the source's length and speed.
 */
export const UpscaleOfferSchema = z.object({
  available: z.boolean(),
  ladder: z.array(JobQualitySchema),
  /** The ffmpeg scaling filter, e.g. `scale=W:H:flags=lanczos`. */
  filter: z.string().min(1),
  price: PriceRuleSchema,
});
export type UpscaleOffer = z.infer<typeof UpscaleOfferSchema>;

/** `GET /ai-models`: the models whose provider is configured and healthy, and what upscaling offers. */
export const AiModelsResponseSchema = z.object({ data: z.array(AiModelSchema), upscale: UpscaleOfferSchema });
export type AiModelsResponse = z.infer<typeof AiModelsResponseSchema>;

/** `GET /api/ai-models/grouped`: the same models grouped by provider. */
export const GroupedAiModelsResponseSchema = z.object({
  data: z.array(z.object({ provider: z.string().min(1), models: z.array(AiModelSchema) })),
});
export type GroupedAiModelsResponse = z.infer<typeof GroupedAiModelsResponseSchema>;

// ---------------------------------------------------------------- provider setting

/** `GET` / `PUT /api/settings/ai-provider`: the user's preferred provider (PUT body and both answers). */
export const ProviderSettingSchema = z.object({ provider: z.string().min(1).max(64) });
export type ProviderSetting = z.infer<typeof ProviderSettingSchema>;

/**
 * Every provider a model of the catalogue names (its tests check the list). Which of them a
 * deployment has depends on its configuration: a known provider it lacks is a 400 on `provider`.
 */
export const AI_PROVIDER_NAMES = ['local', 'fal', 'faulty'] as const;

/** `PUT /api/settings/ai-provider` body as the jobs service validates it (the document states the names as an enum). */
export const ProviderSettingBodySchema = z
  .object({
    provider: z.enum(AI_PROVIDER_NAMES, { error: `Choose one of: ${AI_PROVIDER_NAMES.join(', ')}.` }),
  })
  .meta({ id: 'ProviderSettingBody' });

// ---------------------------------------------------------------- jobs

/** The names a start image can have (an upload or a job's copy); which user's is the service's check. */
export const START_IMAGE_REF_MAX_LENGTH = 400;
export const START_IMAGE_REF_PATTERN =
  /^(uploads\/[A-Za-z0-9_|:@.-]{1,128}\/[A-Za-z0-9-]{1,64}|users\/[A-Za-z0-9_|:@.-]{1,128}\/jobs\/[A-Za-z0-9_-]{1,128}\/start-image)$/;

/** `POST /jobs` body (the service also trims the prompt and refuses control characters). */
export const CreateJobRequestSchema = z.strictObject({
  prompt: z.string(),
  modelId: z.string().min(1).max(128),
  duration: JobDurationSchema,
  quality: JobQualitySchema,
  speed: JobSpeedSchema,
  /** The frame shape (default 16:9); only one the model renders. */
  aspectRatio: JobAspectRatioSchema.optional(),
  /** Absent: the service picks one at random and stores it. Only for a model that takes a seed. */
  seed: z.number().int().min(0).max(SEED_MAX).optional(),
  /** What the video should not show; only for a model that takes one. Empty (once trimmed) is none. */
  negativePrompt: z.string().max(NEGATIVE_PROMPT_MAX_LENGTH).optional(),
  /**
   * Image-to-video (issue 21): the start image — the `image` of `POST /api/media/uploads`, or a job's
   * own start image (`users/<userId>/jobs/<jobId>/start-image`, what a remix passes). Only the caller's own.
   */
  image: z.string().min(1).max(START_IMAGE_REF_MAX_LENGTH).optional(),
});
export type CreateJobRequest = z.infer<typeof CreateJobRequestSchema>;

// C0 and C1 control characters (newlines and tabs included) and DEL.
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/**
 * Every model id the jobs service knows (its catalogue, `services/jobs/src/domain/catalogue/models.ts`,
 * is typed and tested against this list). Which of them a deployment offers depends on its
 * providers (`GET /ai-models`); a known model whose provider is not available is a 400 on `modelId`.
 */
export const AI_MODEL_IDS = ['kadr-motion-v1', 'fal-kling-standard', 'faulty-test'] as const;
export const AiModelIdSchema = z.enum(AI_MODEL_IDS);
export type AiModelId = z.infer<typeof AiModelIdSchema>;

/**
 * What each model renders: its durations and its highest resolution (so the qualities up to it).
 * The jobs service's catalogue (`models.ts`) is tested against this table; `POST /jobs` states it
 * (its body is one shape per model in the OpenAPI document, and a quality or duration the model
 * does not render is a 400 on that field).
 */
export const AI_MODEL_OPTIONS = {
  'kadr-motion-v1': {
    durations: [5, 10, 15],
    maxResolution: '2160p',
    aspectRatios: ['16:9', '9:16', '1:1'],
    seed: true,
    negativePrompt: false,
    startImage: true,
  },
  // fal's Kling 2.1 takes aspect_ratio 16:9, 9:16, 1:1 and negative_prompt, no seed.
  'fal-kling-standard': {
    durations: [5, 10],
    maxResolution: '1080p',
    aspectRatios: ['16:9', '9:16', '1:1'],
    seed: false,
    negativePrompt: true,
    // Through fal's Kling 2.1 image-to-video endpoint (image_url).
    startImage: true,
  },
  'faulty-test': {
    durations: [5, 10, 15],
    maxResolution: '2160p',
    aspectRatios: ['16:9', '9:16', '1:1'],
    seed: true,
    negativePrompt: false,
    startImage: true,
  },
} as const satisfies Record<
  AiModelId,
  {
    durations: readonly JobDuration[];
    maxResolution: Resolution;
    aspectRatios: readonly JobAspectRatio[];
    seed: boolean;
    negativePrompt: boolean;
    startImage: boolean;
  }
>;

/**
 * The creative options of a request that a model does not take, as field errors (issue 21): a shape it does not
 * render, a seed for a model without one, a negative prompt (even an empty one) for a model without one — the
 * OpenAPI document forbids the field there, so the service refuses exactly what the document does.
 */
export function unsupportedOptionErrors(
  options: { aspectRatios: readonly JobAspectRatio[]; seed: boolean; negativePrompt: boolean },
  request: { aspectRatio?: JobAspectRatio | undefined; seed?: number | undefined; negativePrompt?: string | undefined },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (request.aspectRatio !== undefined && !options.aspectRatios.includes(request.aspectRatio)) {
    errors.aspectRatio = `This model renders ${options.aspectRatios.join(', ')}.`;
  }
  if (request.seed !== undefined && !options.seed) errors.seed = 'This model does not take a seed.';
  if (request.negativePrompt !== undefined && !options.negativePrompt) {
    errors.negativePrompt = 'This model does not take a negative prompt.';
  }
  return errors;
}

/** The qualities a model renders: those whose resolution is at most its highest. */
export function qualitiesOfModel(modelId: AiModelId): JobQuality[] {
  const order = resolutionRank(AI_MODEL_OPTIONS[modelId].maxResolution);
  return JOB_QUALITIES.filter((quality) => resolutionRank(RESOLUTION_OF_QUALITY[quality]) <= order);
}

/**
 * `POST /jobs` as the OpenAPI document states the per-model rule (JSON Schema, generated from
 * `AI_MODEL_OPTIONS`): exactly one branch per model, told apart by `modelId`.
 */
const PER_MODEL_JSON_SCHEMA = {
  oneOf: AI_MODEL_IDS.map((modelId) => ({
    title: modelId,
    type: 'object',
    properties: {
      modelId: { const: modelId },
      duration: { enum: [...AI_MODEL_OPTIONS[modelId].durations] },
      quality: { enum: qualitiesOfModel(modelId) },
      aspectRatio: { enum: [...AI_MODEL_OPTIONS[modelId].aspectRatios] },
      ...(AI_MODEL_OPTIONS[modelId].seed ? {} : { seed: false }),
      ...(AI_MODEL_OPTIONS[modelId].negativePrompt ? {} : { negativePrompt: false }),
    },
    required: ['modelId'],
  })),
  discriminator: { propertyName: 'modelId' },
};

/**
 * `POST /jobs` body as the jobs service validates it (and the public API documents it): the
 * contract's body with the prompt trimmed, 1–1000 characters and free of control characters,
 * and error messages a person understands.
 */
export const CreateJobBodySchema = CreateJobRequestSchema.extend({
  prompt: z
    .string({ error: 'Enter a prompt.' })
    // Stated in the OpenAPI document too (JSON Schema minLength and patterns), so fuzzers know them.
    .min(1, { error: 'Enter a prompt.' })
    .regex(NO_CONTROL_CHARACTERS, { error: 'The prompt must not contain control characters.' })
    .regex(PROMPT_VISIBLE_CHARACTER_PATTERN, { error: 'Enter a prompt.' })
    // Invisible edges (issue 13) trimmed; one character a person can see needed (`prompt-text.ts`, the one rule).
    .transform(trimInvisibleEdges)
    .refine((value) => PROMPT_VISIBLE_CHARACTER.test(value), { error: 'Enter a prompt.' })
    .pipe(
      z
        .string()
        .min(1, { error: 'Enter a prompt.' })
        .max(PROMPT_MAX_LENGTH, { error: `The prompt can be at most ${PROMPT_MAX_LENGTH} characters.` }),
    ),
  modelId: z.enum(AI_MODEL_IDS, { error: 'Choose a model.' }),
  duration: literalUnion(JOB_DURATIONS, { error: 'Choose 5, 10 or 15 seconds.' }),
  quality: z.enum(JOB_QUALITIES, { error: 'Choose Lite, Standard, Pro or Ultra.' }),
  speed: z.enum(JOB_SPEEDS, { error: 'Choose Slow, Normal, Fast or Ultra Fast.' }),
  aspectRatio: z.enum(JOB_ASPECT_RATIOS, { error: 'Choose 16:9, 9:16 or 1:1.' }).optional(),
  seed: z
    .number({ error: `The seed is a whole number from 0 to ${SEED_MAX}.` })
    .int({ error: `The seed is a whole number from 0 to ${SEED_MAX}.` })
    .min(0, { error: `The seed is a whole number from 0 to ${SEED_MAX}.` })
    .max(SEED_MAX, { error: `The seed is a whole number from 0 to ${SEED_MAX}.` })
    .optional(),
  image: z
    .string({ error: 'Upload the start image again.' })
    .min(1, { error: 'Upload the start image again.' })
    .max(START_IMAGE_REF_MAX_LENGTH, { error: 'Upload the start image again.' })
    .regex(START_IMAGE_REF_PATTERN, { error: 'Upload the start image again.' })
    .optional(),
  negativePrompt: z
    .string({ error: 'The negative prompt must be text.' })
    .max(NEGATIVE_PROMPT_MAX_LENGTH, {
      error: `The negative prompt can be at most ${NEGATIVE_PROMPT_MAX_LENGTH} characters.`,
    })
    .regex(NO_CONTROL_CHARACTERS, { error: 'The negative prompt must not contain control characters.' })
    // Invisible edges trimmed like the prompt's; what is left empty is no negative prompt.
    .transform(trimInvisibleEdges)
    .optional(),
})
  // Per model (the fields' own checks above report every bad field at once, also for an unknown model).
  .superRefine((body, ctx) => {
    if (!(AI_MODEL_IDS as readonly unknown[]).includes(body.modelId)) return;
    const options = AI_MODEL_OPTIONS[body.modelId];
    if (JOB_DURATIONS.includes(body.duration) && !(options.durations as readonly number[]).includes(body.duration)) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration'],
        message: `This model renders ${options.durations.join(', ')} seconds.`,
      });
    }
    if (JOB_QUALITIES.includes(body.quality) && !qualitiesOfModel(body.modelId).includes(body.quality)) {
      ctx.addIssue({
        code: 'custom',
        path: ['quality'],
        message: `This model renders up to ${options.maxResolution}.`,
      });
    }
    const asked = {
      aspectRatio: JOB_ASPECT_RATIOS.includes(body.aspectRatio as JobAspectRatio) ? body.aspectRatio : undefined,
      seed: typeof body.seed === 'number' ? body.seed : undefined,
      negativePrompt: typeof body.negativePrompt === 'string' ? body.negativePrompt : undefined,
    };
    for (const [field, message] of Object.entries(unsupportedOptionErrors(options, asked))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .meta({ id: 'CreateJobBody', ...PER_MODEL_JSON_SCHEMA });

/** `?take` of `GET /jobs/active` and `GET /jobs/recent`: 1–100, default 20 (spec §9). */
export const JobListQuerySchema = z.object({
  take: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * `?skip&take` of `GET /jobs/recent`: the history paged newest first (skip 0 = the newest; the account export
 * pages through all of it). `GET /jobs/active` has no `skip`: it is one short list.
 */
export const JobHistoryQuerySchema = JobListQuerySchema.extend({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** `{id}` of `GET /jobs/{id}` and the admin job routes: the letters, digits, `-` and `_` of the ids the service makes. */
export const JobIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

/** `POST /jobs` → 202 (a retry with the same Idempotency-Key answers the same job). */
export const CreateJobResponseSchema = z.object({
  id: z.string().min(1),
  status: PublicJobStatusSchema,
  progress: z.number().min(0).max(100),
  createdAt: isoDate,
  /** Credits the job costs outside the plan's allowance (0 when the allowance covered it). */
  cost: z.number().int().nonnegative(),
});
export type CreateJobResponse = z.infer<typeof CreateJobResponseSchema>;

export const JobOutputSchema = z.object({
  videoKey: z.string().min(1),
  thumbnailKey: z.string().min(1),
  contentType: z.string().min(1),
  durationSeconds: z.number().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sizeBytes: z.number().int().nonnegative(),
});
export type JobOutput = z.infer<typeof JobOutputSchema>;

/**
 * Where an active job stands in the queue: its place in the order workers claim jobs (PENDING only) and
 * when it should start and finish, estimated from recent renders of the same model, quality, length and
 * speed and the renders in progress. An estimate is null when there is no history to make it from.
 */
export const JobQueueForecastSchema = z.object({
  /** 1 = the next job a free worker takes; null while rendering. */
  position: z.number().int().positive().nullable(),
  estimatedStartAt: isoDate.nullable(),
  estimatedFinishAt: isoDate.nullable(),
});
export type JobQueueForecast = z.infer<typeof JobQueueForecastSchema>;

/** The steps of a job's status its owner is shown, each once per attempt (progress steps are not among them). */
export const JOB_TIMELINE_KINDS = ['created', 'queued', 'started', 'completed', 'failed', 'cancelled'] as const;

/** One change of a job's status with when it happened: `queued` again with a higher attempt is a retry. */
export const JobTimelineEntrySchema = z.object({
  kind: z.enum(JOB_TIMELINE_KINDS),
  at: isoDate,
  attempt: z.number().int().nonnegative(),
});
export type JobTimelineEntry = z.infer<typeof JobTimelineEntrySchema>;

/** One job as its owner (or the administrator) sees it; `id, status, progress, createdAt` is the live-tracking part. */
export const JobViewSchema = z.object({
  id: z.string().min(1),
  /** What it makes: `generate` (a prompt rendered; jobs stored before kinds) or `upscale` (a video scaled up). */
  kind: JobKindNameSchema,
  /** An upscale's source: the finished job whose video it scales (its prompt, shape, seed, length, model are shown); else null. */
  sourceJobId: z.string().nullable(),
  status: PublicJobStatusSchema,
  progress: z.number().min(0).max(100),
  createdAt: isoDate,
  updatedAt: isoDate,
  prompt: z.string(),
  modelId: z.string(),
  provider: z.string(),
  duration: JobDurationSchema,
  quality: JobQualitySchema,
  speed: JobSpeedSchema,
  /** The frame shape (jobs stored before issue 21: 16:9). */
  aspectRatio: JobAspectRatioSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The seed it was rendered with (the request's, else the one the service picked); null for a model without seeds. */
  seed: z.number().int().nonnegative().nullable(),
  /** What the video should not show, as sent to the provider; null when none. */
  negativePrompt: z.string().nullable(),
  /** Image-to-video: the start image's same-origin URL (`/start-images/{id}`) and its name for a remix's `image`; null or absent for text-to-video. */
  startImage: z
    .object({ url: z.string().min(1), image: z.string().min(1) })
    .nullable()
    .optional(),
  cost: z.number().int().nonnegative(),
  chargedFrom: z.enum(['credits', 'allowance']).nullable(),
  attempt: z.number().int().nonnegative(),
  /** On FAILED: the catalogue's reason (`aiproxy_error`, `timeout`, …); on CANCELLED: `cancelled`. */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  completedAt: isoDate.nullable(),
  output: JobOutputSchema.nullable(),
  /** On the owner's reads of an active job (`/jobs/active`, `/jobs/{id}`); absent or null otherwise. */
  queue: JobQueueForecastSchema.nullable().optional(),
  /** On the owner's read of one job (`/jobs/{id}`): its status changes, oldest first. */
  timeline: z.array(JobTimelineEntrySchema).optional(),
});
export type JobView = z.infer<typeof JobViewSchema>;

/** `GET /jobs/active?take` (PENDING and PROCESSING) and `GET /jobs/recent?skip&take`, newest first; take 1–100, default 20. */
export const JobListResponseSchema = z.object({ items: z.array(JobViewSchema) });
export type JobListResponse = z.infer<typeof JobListResponseSchema>;

/**
 * Why a video cannot be upscaled: `top` — already at the highest quality; `plan_cap` — the next one is above the plan's
 * resolution cap (the frame's long side); `not_finished` — only a COMPLETED video can be.
 */
export const UPSCALE_REFUSALS = ['top', 'plan_cap', 'not_finished'] as const;
export type UpscaleRefusal = (typeof UPSCALE_REFUSALS)[number];

/**
 * `GET /jobs/{id}/upscale`: the quote shown before upscaling — the target quality and frame (the next quality up in
 * the source's shape) and its price, or why there is none (`available: false`, `refusal`, a sentence in `detail`).
 * `cost` is in credits outside the allowance: a plan's allowance generation covers it instead when one is left.
 */
export const UpscaleQuoteSchema = z.object({
  sourceJobId: z.string().min(1),
  available: z.boolean(),
  refusal: z.enum(UPSCALE_REFUSALS).nullable(),
  detail: z.string().nullable(),
  /** The target, when there is a next quality (also when the plan's cap refuses it: `requiredPlan` lifts it). */
  quality: JobQualitySchema.nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  resolution: ResolutionSchema.nullable(),
  cost: z.number().int().nonnegative().nullable(),
  /** The plan's cap (the frame's long side), and the plan that lifts it when `refusal` is `plan_cap`. */
  maxResolution: ResolutionSchema,
  requiredPlan: PlanIdSchema.nullable(),
});
export type UpscaleQuote = z.infer<typeof UpscaleQuoteSchema>;
export const UpscaleQuoteResponseSchema = z.object({ data: UpscaleQuoteSchema });
export type UpscaleQuoteResponse = z.infer<typeof UpscaleQuoteResponseSchema>;

/** `GET /jobs/{id}` (owner only; 404 for anyone else). */
export const JobResponseSchema = z.object({ data: JobViewSchema });
export type JobResponse = z.infer<typeof JobResponseSchema>;

// ---------------------------------------------------------------- admin (internal, administrator's user token)

/** A job as the administrator sees it: the owner too. */
export const AdminJobViewSchema = JobViewSchema.extend({ userId: z.string().min(1) });
export type AdminJobView = z.infer<typeof AdminJobViewSchema>;

/** One step of a job's history (what was published on `job.progress`, plus creation and deletion). */
export const JobEventSchema = z.object({
  at: isoDate,
  kind: z.enum(['created', 'queued', 'started', 'progress', 'completed', 'failed', 'cancelled', 'deleted']),
  status: z.string().min(1),
  progress: z.number().min(0).max(100),
  attempt: z.number().int().nonnegative(),
  message: z.string(),
  errorCode: z.string().nullable(),
  /** Who caused it: a user id, `service:<name>` or the worker's id. */
  actor: z.string(),
});
export type JobEvent = z.infer<typeof JobEventSchema>;

/** `GET /internal/admin/users/{userId}/jobs?skip&take` (take 1–100, default 50), newest first. */
export const AdminJobListResponseSchema = z.object({
  items: z.array(AdminJobViewSchema),
  skip: z.number().int().nonnegative(),
  take: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  hasNext: z.boolean(),
});
export type AdminJobListResponse = z.infer<typeof AdminJobListResponseSchema>;

/** `GET /internal/admin/jobs/{id}`: the job and its history. */
export const AdminJobDetailResponseSchema = z.object({
  data: z.object({ job: AdminJobViewSchema, events: z.array(JobEventSchema) }),
});
export type AdminJobDetailResponse = z.infer<typeof AdminJobDetailResponseSchema>;

/** `POST …/requeue`, `POST …/mark-failed` answer: the job after the action. */
export const AdminJobActionResponseSchema = z.object({ data: AdminJobViewSchema });
export type AdminJobActionResponse = z.infer<typeof AdminJobActionResponseSchema>;

/** `POST …/mark-failed` optional body. */
export const AdminMarkFailedRequestSchema = z.strictObject({ reason: z.string().max(500).optional() });

/** `DELETE /internal/admin/jobs/{id}?force=true` → 200; 409 `conflict` for a processing job without force. */
export const AdminJobDeletedResponseSchema = z.object({
  data: z.object({ id: z.string().min(1), deleted: z.literal(true) }),
});
