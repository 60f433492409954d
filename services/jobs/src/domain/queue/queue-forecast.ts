import type { QueueHead, RenderShape } from '../../data-access/jobs/job.repository';
import { fairOrder } from '../generation/fair-queue';
import type { Job } from '../jobs/job';
import { remainingFromPace } from './render-pace';

/** Where a job stands: its place in the claim order (PENDING only) and when it should start and finish. */
export interface QueueForecast {
  /** 1 = the next job a free worker claims; null while PROCESSING. */
  position: number | null;
  /** null when rendering already, or when some render it waits for has no history to estimate from. */
  estimatedStartAt: Date | null;
  estimatedFinishAt: Date | null;
}

/** What the forecast is made from: one consistent look at the queue and the renders in progress. */
export interface QueueSnapshot {
  now: Date;
  /** Every PENDING job, oldest first. */
  pending: readonly Job[];
  /** Every PROCESSING job: the busy render slots. */
  processing: readonly Job[];
  /** Per user with PENDING jobs: jobs rendering and the last claim (what the fair order reads). */
  heads: readonly QueueHead[];
  /** The typical render time of a shape in ms (the median of recent renders), or null without history. */
  renderMs: (shape: RenderShape) => number | null;
}

/**
 * The claim order workers follow (`fairOrder`: fewest running, then the user served longest ago, then
 * the oldest job), played forward from the snapshot as if no job finished or arrived: each claim makes
 * its user one more running job and the most recently served. Positions are therefore exactly the order
 * of the next claims while nothing changes, and move only when something does.
 */
export function claimOrder(snapshot: Pick<QueueSnapshot, 'pending' | 'heads'>): Job[] {
  const queues = new Map<string, Job[]>();
  for (const job of snapshot.pending) queues.set(job.userId, [...(queues.get(job.userId) ?? []), job]);
  const users = new Map(snapshot.heads.map((head) => [head.job.userId, { ...head }]));
  // A user whose head the store did not list (beyond its limit) comes after those it did.
  for (const [userId, jobs] of queues) {
    if (!users.has(userId)) users.set(userId, { job: jobs[0]!, running: Number.MAX_SAFE_INTEGER, lastStartedAt: null });
  }
  const order: Job[] = [];
  let served = 0;
  for (;;) {
    const candidates = [...users.values()].filter((head) => (queues.get(head.job.userId)?.length ?? 0) > 0);
    const next = fairOrder(candidates.map((head) => ({ ...head, job: queues.get(head.job.userId)![0]! })))[0];
    if (!next) return order;
    const job = queues.get(next.job.userId)!.shift()!;
    order.push(job);
    served += 1;
    const user = users.get(job.userId)!;
    user.running += 1;
    // Later than any real claim: this user was served most recently.
    user.lastStartedAt = new Date(8.64e15 - 1_000_000 + served);
  }
}

const shapeOf = (job: Job): RenderShape => ({
  modelId: job.modelId,
  quality: job.quality,
  durationSeconds: job.durationSeconds,
  speed: job.speed,
});

/** How long a rendering job still needs, in ms: from its own pace once it has one, else from the history. */
function remainingMs(job: Job, now: Date, renderMs: QueueSnapshot['renderMs']): number | null {
  const fromPace = remainingFromPace(job, now);
  if (fromPace !== null) return fromPace;
  const typical = renderMs(shapeOf(job));
  const elapsed = job.startedAt ? now.getTime() - job.startedAt.getTime() : 0;
  return typical === null ? null : Math.max(0, typical - elapsed);
}

/** A rendering job's forecast at `now`: no position, no start, the finish its remaining time gives. */
export function renderingForecast(job: Job, now: Date, renderMs: QueueSnapshot['renderMs']): QueueForecast {
  const remaining = remainingMs(job, now, renderMs);
  return {
    position: null,
    estimatedStartAt: null,
    estimatedFinishAt: remaining === null ? null : new Date(now.getTime() + remaining),
  };
}

/**
 * Each active job's forecast. The render slots are the jobs rendering now (while jobs wait, every slot
 * is busy; at least one); each waiting job takes the slot that frees first, in claim order, for its
 * shape's typical render time. A render with no history makes every estimate after it unknown (null),
 * never a made-up number.
 */
export function forecastQueue(snapshot: QueueSnapshot): Map<string, QueueForecast> {
  const now = snapshot.now.getTime();
  const forecasts = new Map<string, QueueForecast>();
  let slotsFreeAt: Array<number | null> = snapshot.processing.map((job) => {
    const forecast = renderingForecast(job, snapshot.now, snapshot.renderMs);
    forecasts.set(job.id, forecast);
    return forecast.estimatedFinishAt?.getTime() ?? null;
  });
  if (slotsFreeAt.length === 0) slotsFreeAt = [now];
  let known = slotsFreeAt.every((at) => at !== null);
  const free = slotsFreeAt.map((at) => at ?? now);
  claimOrder(snapshot).forEach((job, index) => {
    const typical = snapshot.renderMs(shapeOf(job));
    if (typical === null) known = false;
    const slot = free.indexOf(Math.min(...free));
    const start = Math.max(now, free[slot]!);
    const finish = start + (typical ?? 0);
    free[slot] = finish;
    forecasts.set(job.id, {
      position: index + 1,
      estimatedStartAt: known ? new Date(start) : null,
      estimatedFinishAt: known ? new Date(finish) : null,
    });
  });
  return forecasts;
}

/** The median of the render spans in ms; null for none. */
export function medianRenderMs(spans: ReadonlyArray<{ startedAt: Date; completedAt: Date }>): number | null {
  const lengths = spans
    .map((span) => span.completedAt.getTime() - span.startedAt.getTime())
    .filter((ms) => ms >= 0)
    .sort((a, b) => a - b);
  if (lengths.length === 0) return null;
  const middle = Math.floor(lengths.length / 2);
  return lengths.length % 2 === 1 ? lengths[middle]! : (lengths[middle - 1]! + lengths[middle]!) / 2;
}
