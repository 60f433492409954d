/** The job options and statuses a client sees (the jobs service's API; `http/jobs.ts` builds its schemas from them). */

export const JOB_DURATIONS = [5, 10, 15] as const;
export type JobDuration = (typeof JOB_DURATIONS)[number];

export const JOB_QUALITIES = ['Standard', 'Pro', 'Lite', 'Ultra'] as const;
export type JobQuality = (typeof JOB_QUALITIES)[number];

export const JOB_SPEEDS = ['Normal', 'Fast', 'Slow', 'Ultra Fast'] as const;
export type JobSpeed = (typeof JOB_SPEEDS)[number];

/** Statuses a client sees (RESERVING is internal and never returned). */
export const PUBLIC_JOB_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type PublicJobStatus = (typeof PUBLIC_JOB_STATUSES)[number];

/** A prompt is 1–1000 characters once its invisible edges are trimmed (`CreateJobBodySchema`). */
export const PROMPT_MAX_LENGTH = 1000;
