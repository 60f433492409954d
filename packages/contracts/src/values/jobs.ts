/** The job options and statuses a client sees (the jobs service's API; `http/jobs.ts` builds its schemas from them). */

export const JOB_DURATIONS = [5, 10, 15] as const;
export type JobDuration = (typeof JOB_DURATIONS)[number];

export const JOB_QUALITIES = ['Standard', 'Pro', 'Lite', 'Ultra'] as const;
export type JobQuality = (typeof JOB_QUALITIES)[number];

export const JOB_SPEEDS = ['Normal', 'Fast', 'Slow', 'Ultra Fast'] as const;
export type JobSpeed = (typeof JOB_SPEEDS)[number];

/** Frame shapes (issue 21): width:height. 16:9 is the default; the resolution of a quality is the frame's short side. */
export const JOB_ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export type JobAspectRatio = (typeof JOB_ASPECT_RATIOS)[number];
export const DEFAULT_ASPECT_RATIO: JobAspectRatio = '16:9';

/**
 * What a job makes (issue 21): `generate` renders a prompt (every job stored before kinds existed); `upscale` scales a
 * finished video of the same user to the next resolution up.
 */
export const JOB_KINDS = ['generate', 'upscale'] as const;
export type JobKindName = (typeof JOB_KINDS)[number];
export const DEFAULT_JOB_KIND: JobKindName = 'generate';

/** A seed is a whole number 0 … SEED_MAX (2^31 − 2); without one the jobs service picks one at random and stores it. */
export const SEED_MAX = 2_147_483_646;

/** A negative prompt (what the video should not show) is at most this many characters once trimmed. */
export const NEGATIVE_PROMPT_MAX_LENGTH = 500;

/** Statuses a client sees (RESERVING is internal and never returned). CANCELLED: stopped by its owner. */
export const PUBLIC_JOB_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type PublicJobStatus = (typeof PUBLIC_JOB_STATUSES)[number];

/**
 * The live stream's job events (`GET /bff/sse/jobs`, the spec's §4 table): `job.created` → `created`, and
 * `job.progress`'s kinds in lower case. The stream also sends `connected`, `heartbeat`, `reset`, `reconnect`
 * and `credits`.
 */
export const JOB_LIVE_EVENT_NAMES = [
  'created',
  'queued',
  'started',
  'progress',
  'completed',
  'failed',
  'cancelled',
] as const;
export type JobLiveEventName = (typeof JOB_LIVE_EVENT_NAMES)[number];

/** A prompt is 1–1000 characters once its invisible edges are trimmed (`CreateJobBodySchema`). */
export const PROMPT_MAX_LENGTH = 1000;
