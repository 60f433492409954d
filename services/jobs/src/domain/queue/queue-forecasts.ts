import type { JobRepository, RenderShape } from '../../data-access/jobs/job.repository';
import { forecastQueue, medianRenderMs, type QueueForecast } from './queue-forecast';

export interface QueueForecastOptions {
  /** A forecast this young is answered again instead of reading the store (every active-job read asks). */
  maxAgeMs: number;
  /** Recent renders per shape the typical render time is the median of. */
  historySize: number;
  /** Waiting and rendering jobs read per look (beyond it, positions are not given). */
  queueLimit: number;
}

const DEFAULTS: QueueForecastOptions = { maxAgeMs: 1_000, historySize: 20, queueLimit: 500 };

const keyOf = (shape: RenderShape) => `${shape.modelId}|${shape.quality}|${shape.durationSeconds}|${shape.speed}`;

/**
 * The queue's forecasts as the jobs API serves them on job reads: one look at the store (the waiting
 * and rendering jobs, the fair order's per-user facts, the render history of the shapes involved) at
 * most once per `maxAgeMs`, shared by every read in that time.
 */
export class QueueForecasts {
  private readonly options: QueueForecastOptions;
  private latest: { at: number; forecasts: Promise<Map<string, QueueForecast>> } | undefined;

  constructor(
    private readonly jobs: JobRepository,
    options: Partial<QueueForecastOptions> = {},
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The forecast of every active job (PENDING and PROCESSING) by job id. */
  current(): Promise<Map<string, QueueForecast>> {
    const now = this.clock();
    if (this.latest && now.getTime() - this.latest.at < this.options.maxAgeMs) return this.latest.forecasts;
    const forecasts = this.look(now);
    this.latest = { at: now.getTime(), forecasts };
    // A failed look is not kept: the next read tries again.
    forecasts.catch(() => {
      if (this.latest?.forecasts === forecasts) this.latest = undefined;
    });
    return forecasts;
  }

  private async look(now: Date): Promise<Map<string, QueueForecast>> {
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
    return forecastQueue({ now, pending, processing, heads, renderMs: (shape) => typical.get(keyOf(shape)) ?? null });
  }
}
