import type { JobRepository, RenderShape } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import { forecastQueue, medianRenderMs, renderingForecast, type QueueForecast } from './queue-forecast';

export interface QueueForecastOptions {
  /** A forecast this young is answered again instead of reading the store (every active-job read asks). */
  maxAgeMs: number;
  /** Recent renders per shape the typical render time is the median of. */
  historySize: number;
  /** Waiting and rendering jobs read per look (beyond it, positions are not given). */
  queueLimit: number;
}

const DEFAULTS: QueueForecastOptions = { maxAgeMs: 1_000, historySize: 20, queueLimit: 500 };

const isActive = (job: Job) => job.status === 'PENDING' || job.status === 'PROCESSING';

const keyOf = (shape: RenderShape) => `${shape.modelId}|${shape.quality}|${shape.durationSeconds}|${shape.speed}`;

/** One look at the store: every active job's forecast, and the typical render times it used. */
interface QueueLook {
  forecasts: Map<string, QueueForecast>;
  renderMs: (shape: RenderShape) => number | null;
}

/**
 * The queue's forecasts as the jobs API serves them on job reads: one look at the store (the waiting
 * and rendering jobs, the fair order's per-user facts, the render history of the shapes involved) at
 * most once per `maxAgeMs`, shared by every read in that time. A rendering job's finish is worked out
 * again from the job as the read found it: its progress moves between looks, and a look up to
 * `maxAgeMs` old made every estimate read on a progress event one step behind.
 */
export class QueueForecasts {
  private readonly options: QueueForecastOptions;
  private latest: { at: number; look: Promise<QueueLook> } | undefined;

  constructor(
    private readonly jobs: JobRepository,
    options: Partial<QueueForecastOptions> = {},
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The forecast of each of these jobs (as just read from the store) that is active, by job id. */
  async forJobs(jobs: readonly Job[]): Promise<Map<string, QueueForecast>> {
    let { at, look } = this.current();
    let seen = await look;
    // A job queued or claimed after the look started is not in it: the read that first shows the job
    // (the web app's, a second after the `queued` event) would say "no place yet" and keep saying it
    // until the next poll. Such a job is newer than the look, so a new look sees it; an older job the
    // look left out (past `queueLimit`) does not force looks.
    if (jobs.some((job) => isActive(job) && !seen.forecasts.has(job.id) && job.updatedAt.getTime() >= at)) {
      ({ at, look } = this.current({ fresh: true }));
      seen = await look;
    }
    const now = this.clock();
    const forecasts = new Map<string, QueueForecast>();
    for (const job of jobs) {
      const forecast = seen.forecasts.get(job.id);
      if (!forecast) continue;
      forecasts.set(job.id, job.status === 'PROCESSING' ? renderingForecast(job, now, seen.renderMs) : forecast);
    }
    return forecasts;
  }

  private current({ fresh = false } = {}): { at: number; look: Promise<QueueLook> } {
    const now = this.clock();
    if (!fresh && this.latest && now.getTime() - this.latest.at < this.options.maxAgeMs) return this.latest;
    const look = this.look(now);
    const latest = { at: now.getTime(), look };
    this.latest = latest;
    // A failed look is not kept: the next read tries again.
    look.catch(() => {
      if (this.latest?.look === look) this.latest = undefined;
    });
    return latest;
  }

  private async look(now: Date): Promise<QueueLook> {
    const { queueLimit, historySize } = this.options;
    const [pending, processing, heads] = await Promise.all([
      this.jobs.listInStatus(['PENDING'], queueLimit),
      this.jobs.listInStatus(['PROCESSING'], queueLimit),
      this.jobs.queueHeads(queueLimit),
    ]);
    const shapes = new Map<string, RenderShape>();
    for (const job of [...pending, ...processing]) {
      const shape = {
        modelId: job.modelId,
        quality: job.quality,
        durationSeconds: job.durationSeconds,
        speed: job.speed,
      };
      shapes.set(keyOf(shape), shape);
    }
    const typical = new Map<string, number | null>();
    await Promise.all(
      [...shapes].map(async ([key, shape]) =>
        typical.set(key, medianRenderMs(await this.jobs.recentRenders(shape, historySize))),
      ),
    );
    const renderMs = (shape: RenderShape) => typical.get(keyOf(shape)) ?? null;
    return { forecasts: forecastQueue({ now, pending, processing, heads, renderMs }), renderMs };
  }
}
