/** Test data of the job screens (never imported by app code): jobs shaped like the jobs service's `JobView`. */
import type { JobView } from '@kadr/contracts';

export const JOB_AT = '2025-03-01T10:00:00.000Z';

/** A job as `GET /jobs/{id}` shows it: PENDING, 5 s Standard at normal speed on the built-in model, 5 credits. */
export function makeJobView(id: string, patch: Partial<JobView> = {}): JobView {
  return {
    id,
    kind: 'generate',
    sourceJobId: null,
    status: 'PENDING',
    progress: 0,
    createdAt: JOB_AT,
    updatedAt: JOB_AT,
    prompt: `Prompt of ${id}`,
    modelId: 'kadr-motion-v1',
    provider: 'local',
    duration: 5,
    quality: 'Standard',
    speed: 'Normal',
    aspectRatio: '16:9',
    width: 1280,
    height: 720,
    seed: 1234,
    negativePrompt: null,
    cost: 5,
    chargedFrom: 'credits',
    attempt: 1,
    errorCode: null,
    errorMessage: null,
    completedAt: null,
    output: null,
    ...patch,
  };
}

/** The answer of `POST /jobs/{id}/cancel`: the job CANCELLED, with the reason the jobs service gives it. */
export function makeCancelledJobView(id: string, patch: Partial<JobView> = {}): JobView {
  return makeJobView(id, { status: 'CANCELLED', errorCode: 'cancelled', errorMessage: 'Cancelled by you', ...patch });
}
