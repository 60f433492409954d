import {
  JOB_TIMELINE_KINDS,
  publicStartImagePath,
  type AdminJobView,
  type JobEvent,
  type JobQueueForecast,
  type JobTimelineEntry,
  type JobView,
} from '@kadr/contracts';
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
    kind: job.kind ?? 'generate',
    sourceJobId: job.sourceJobId ?? null,
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
    startImage: job.startImageKey ? { url: publicStartImagePath(job.id), image: job.startImageKey } : null,
    cost: job.chargedFrom === 'allowance' ? 0 : job.cost,
    chargedFrom: job.chargedFrom,
    attempt: job.attempt,
    errorCode: job.errorCode,
    errorMessage: job.errorMessage,
    completedAt: job.completedAt?.toISOString() ?? null,
    output: job.output,
  };
}

const TIMELINE_KINDS: ReadonlySet<string> = new Set(JOB_TIMELINE_KINDS);

/**
 * The job's status changes as its owner is shown them on the job's page: the first `created` (a requeue
 * writes `created` again, with `queued`), each attempt's `queued` and `started`, and how it ended. Who
 * made a change (a worker's id, an administrator) and the internal messages are not shown.
 */
export function jobTimeline(job: Job): JobTimelineEntry[] {
  const timeline: JobTimelineEntry[] = [];
  for (const step of job.history) {
    if (!TIMELINE_KINDS.has(step.kind)) continue;
    if (step.kind === 'created' && timeline.length > 0) continue;
    timeline.push({ kind: step.kind as JobTimelineEntry['kind'], at: step.at.toISOString(), attempt: step.attempt });
  }
  return timeline;
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
