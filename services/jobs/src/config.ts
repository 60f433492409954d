import { z } from 'zod';
import {
  breakerEnv,
  envBoolean,
  envList,
  envPositiveInt,
  internalTokenKeyCheck,
  objectStorageCheck,
  objectStorageEnv,
  serviceBaseEnv,
  storageEnv,
} from '@kadr/config';
import type { WorkerPolicy } from './domain/generation/job-runner';
import type { JobsPolicy } from './domain/jobs/jobs-domain';

const positiveNumber = (defaultValue: number) =>
  z.coerce.number({ error: 'must be a number' }).positive({ error: 'must be positive' }).default(defaultValue);

/** The jobs service's environment: the API (`main.ts`) and the worker (`worker.ts`) read the same schema. */
export const jobsConfigSchema = z
  .object({
    ...serviceBaseEnv(8083),

    /** Commerce (holds, entitlements). Unset: creating a job answers 503. */
    COMMERCE_URL: z.url({ error: 'must be an absolute URL' }).optional(),
    COMMERCE_TIMEOUT_MS: envPositiveInt(10_000),
    /** Commerce's breaker: while open, creating a job answers 503 at once instead of after the time-out. */
    ...breakerEnv,

    /** Embedded mode: where memory collections persist and (without S3) where media blobs go. */
    ...storageEnv('jobs'),

    /** Object storage for videos and thumbnails (distributed mode); unset: the local filesystem. */
    ...objectStorageEnv,
    /** Filesystem blob store only: the base of its signed URLs (media serves them) and their key. */
    PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).default('http://127.0.0.1:8080'),
    BLOB_SIGNING_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),

    /** Used exactly as given; unset: `ffmpeg`/`ffprobe` on PATH, else the npm packages' (see ffmpeg-binaries.ts). */
    FFMPEG_PATH: z.string().min(1).optional(),
    FFPROBE_PATH: z.string().min(1).optional(),
    /** A TrueType font for the prompt text; unset: fc-match, a known path, else the dejavu-fonts-ttf package's. */
    RENDER_FONT_FILE: z.string().min(1).optional(),

    /** The hosted provider (fal.ai queue API); its models are listed only with a key. */
    FAL_API_KEY: z.string().min(1).optional(),
    FAL_QUEUE_URL: z.url({ error: 'must be an absolute URL' }).default('https://queue.fal.run'),
    FAL_MODEL_ID: z.string().min(1).default('fal-ai/kling-video/v2.1/standard/text-to-video'),
    /** Its image-to-video endpoint, for jobs with a start image (takes `image_url`). */
    FAL_IMAGE_MODEL_ID: z.string().min(1).default('fal-ai/kling-video/v2.1/standard/image-to-video'),
    FAL_POLL_INTERVAL_MS: envPositiveInt(2_000),
    /** Hosts outbound calls may reach (exact names or `*.suffix`); the provider's own hosts are added. */
    EGRESS_ALLOWLIST: envList().default([]),
    /** Tests only: lets the egress guard reach loopback addresses of allowlisted hosts. Refused in production. */
    EGRESS_ALLOW_LOOPBACK_FOR_TESTS: envBoolean(false),

    /** Tests only: registers the `faulty` provider. Refused in production. */
    JOBS_ENABLE_FAULTY_PROVIDER: envBoolean(false),
    /**
     * Tests only: `instant` stands in for every provider of the catalogue with a renderer that makes a
     * tiny solid-colour clip at once (fuzzing, load tests: jobs run the whole pipeline without a real
     * render). Refused in production.
     */
    JOBS_RENDERER: z.enum(['real', 'instant']).default('real'),
    /**
     * Tests only, with `JOBS_RENDERER=instant`: how long each instant render takes (0: at once), so a
     * burst queues up behind a render in progress (the restart chaos test kills the process then).
     */
    JOBS_INSTANT_RENDER_MS: z.coerce
      .number({ error: 'must be a whole number' })
      .int()
      .nonnegative()
      .max(60_000)
      .default(0),

    /** Worker: renders at once per process; a job's lease and how often it is renewed. */
    WORKER_CONCURRENCY: envPositiveInt(1),
    JOB_LEASE_MS: envPositiveInt(30_000),
    JOB_MAX_ATTEMPTS: envPositiveInt(3),
    /** Multiplies the estimated render time to get a job's time-out (plus a fixed 30 s). */
    JOB_TIMEOUT_FACTOR: positiveNumber(4),
    JOB_TIMEOUT_BASE_MS: envPositiveInt(30_000),
    /** A PENDING job no worker claimed within this gets `job.created` again (and every one at start-up). */
    JOB_REDISPATCH_AFTER_MS: envPositiveInt(30_000),
    /** A worker with a free render slot looks at the queue this often by itself (0: only when woken). */
    JOB_IDLE_CLAIM_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(2_000),
    /** Jobs a user may have in progress (PENDING + PROCESSING) at once, by tier; above: 429 quota_exceeded. */
    ACTIVE_JOBS_CAP_FREE: envPositiveInt(3),
    ACTIVE_JOBS_CAP_PRO: envPositiveInt(10),
    ACTIVE_JOBS_CAP_ENTERPRISE: envPositiveInt(25),
    /** A saga left in RESERVING longer than this is completed or undone by the reconciler. */
    SAGA_STALE_MS: envPositiveInt(30_000),
    /** A saga the reconciler could not complete within this is undone. */
    SAGA_GIVE_UP_MS: envPositiveInt(3_600_000),
  })
  .check(internalTokenKeyCheck)
  .superRefine(objectStorageCheck)
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (config.JOBS_ENABLE_FAULTY_PROVIDER) {
      ctx.addIssue({ code: 'custom', path: ['JOBS_ENABLE_FAULTY_PROVIDER'], message: 'refused in production' });
    }
    if (config.JOBS_RENDERER !== 'real') {
      ctx.addIssue({ code: 'custom', path: ['JOBS_RENDERER'], message: 'refused in production' });
    }
    if (config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS) {
      ctx.addIssue({ code: 'custom', path: ['EGRESS_ALLOW_LOOPBACK_FOR_TESTS'], message: 'refused in production' });
    }
  });

export type JobsConfig = z.output<typeof jobsConfigSchema>;

/** The API's limits and waits (attempts, active-job caps, re-dispatch, saga reconciliation). */
export function jobsPolicyOf(config: JobsConfig): JobsPolicy {
  return {
    attemptLimit: config.JOB_MAX_ATTEMPTS,
    activeJobsCaps: {
      FREE: config.ACTIVE_JOBS_CAP_FREE,
      PRO: config.ACTIVE_JOBS_CAP_PRO,
      ENTERPRISE: config.ACTIVE_JOBS_CAP_ENTERPRISE,
    },
    redispatchAfterMs: config.JOB_REDISPATCH_AFTER_MS,
    sagaStaleMs: config.SAGA_STALE_MS,
    sagaGiveUpMs: config.SAGA_GIVE_UP_MS,
  };
}

/** The worker's render slots, leases, idle poll and time-outs. */
export function workerPolicyOf(config: JobsConfig): WorkerPolicy {
  return {
    concurrency: config.WORKER_CONCURRENCY,
    leaseMs: config.JOB_LEASE_MS,
    idleClaimMs: config.JOB_IDLE_CLAIM_MS,
    timeoutFactor: config.JOB_TIMEOUT_FACTOR,
    timeoutBaseMs: config.JOB_TIMEOUT_BASE_MS,
  };
}
