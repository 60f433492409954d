import type { AdminJobView, JobEvent, JobQueueForecast, JobView } from '@kadr/contracts';
import { findModel } from '../catalogue/models';
import type { QueueForecast } from '../queue/queue-forecast';
import type { Job } from './job';

const queueView = (forecast: QueueForecast): JobQueueForecast => ({
  position: forecast.position,
  estimatedStartAt: forecast.estimatedStartAt?.toISOString() ?? null,
  estimatedFinishAt: forecast.estimatedFinishAt?.toISOString() ?? null,
});

/** A job as its owner sees it, with its place in the queue when it is active. */
export function jobViewWithQueue(job: Job, forecasts: ReadonlyMap<string, QueueForecast>): JobView {
  const forecast = forecasts.get(job.id);
  return { ...jobView(job), queue: forecast ? queueView(forecast) : null };
}

/** A job as its owner sees it (never called for RESERVING jobs, which are not shown). */
export function jobView(job: Job): JobView {
  return {
    id: job.id,
    status: job.status === 'RESERVING' ? 'PENDING' : job.status,
    progress: Math.round(job.progress),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    prompt: job.prompt,
    modelId: job.modelId,
    provider: job.provider,
    duration: job.durationSeconds as JobView['duration'],
    quality: job.quality,
    speed: job.speed,
    aspectRatio: job.aspectRatio ?? '16:9',
    width: job.width,
    height: job.height,
    // A model without seeds renders no differently for one: the stored seed is not shown as if it mattered.
    seed: findModel(job.modelId)?.supportsSeed === false ? null : job.seed,
    negativePrompt: job.negativePrompt ?? null,
    cost: job.chargedFrom === 'allowance' ? 0 : job.cost,
    chargedFrom: job.chargedFrom,
    attempt: job.attempt,
    errorCode: job.errorCode,
    errorMessage: job.errorMessage,
    completedAt: job.completedAt?.toISOString() ?? null,
    output: job.output,
  };
}

export const adminJobView = (job: Job): AdminJobView => ({ ...jobView(job), userId: job.userId });

export const jobEvents = (job: Job): JobEvent[] =>
  job.history.map((h) => ({
    at: h.at.toISOString(),
    kind: h.kind,
    status: h.status,
    progress: h.progress,
    attempt: h.attempt,
    message: h.message,
    errorCode: h.errorCode,
    actor: h.actor,
  }));
