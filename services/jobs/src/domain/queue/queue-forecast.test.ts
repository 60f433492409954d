import type { QueueHead } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import { claimOrder, forecastQueue, medianRenderMs, type QueueSnapshot } from './queue-forecast';

const NOW = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

let serial = 0;
function job(userId: string, overrides: Partial<Job> = {}): Job {
  serial += 1;
  return {
    id: `job-${String(serial).padStart(3, '0')}`,
    userId,
    modelId: 'kadr-motion-v1',
    quality: 'Lite',
    durationSeconds: 5,
    speed: 'Normal',
    status: 'PENDING',
    progress: 0,
    startedAt: null,
    history: [],
    createdAt: at(-100 + serial),
    ...overrides,
  } as Job;
}

const head = (first: Job, running = 0, lastStartedAt: Date | null = null): QueueHead => ({
  job: first,
  running,
  lastStartedAt,
});

describe('the claim order a queue forecast plays forward', () => {
  it('round robin across users: the user with fewer running first, then the one served longest ago, then the oldest job', () => {
    const a = [job('ann'), job('ann'), job('ann')];
    const b = [job('bob')];
    const c = [job('cat'), job('cat')];
    const order = claimOrder({
      pending: [...a, ...b, ...c],
      // Ann has one render running; Bob was served a minute ago; Cat never.
      heads: [head(a[0]!, 1, at(-30)), head(b[0]!, 0, at(-60)), head(c[0]!, 0)],
    });
    // Cat (none running, never served), Bob (none running); then Ann and Cat both have one running and
    // Ann was served longer ago; then Cat's second (one running against Ann's two); then Ann's.
    expect(order.map((j) => j.id)).toEqual([c[0], b[0], a[0], c[1], a[1], a[2]].map((j) => j!.id));
  });

  it('a user the store did not list comes after those it did', () => {
    const listed = job('ann');
    const unlisted = job('zed', { createdAt: at(-500) });
    expect(claimOrder({ pending: [unlisted, listed], heads: [head(listed)] }).map((j) => j.userId)).toEqual([
      'ann',
      'zed',
    ]);
  });
});

describe('queue forecasts', () => {
  const typical10s = () => 10_000;
  const snapshot = (overrides: Partial<QueueSnapshot>): QueueSnapshot => ({
    now: NOW,
    pending: [],
    processing: [],
    heads: [],
    renderMs: typical10s,
    ...overrides,
  });

  it('a rendering job finishes at its own pace; waiting jobs take the slot that frees first, in claim order', () => {
    const rendering = job('ann', { status: 'PROCESSING', progress: 50, startedAt: at(-5) });
    const first = job('bob');
    const second = job('cat');
    const forecasts = forecastQueue(
      snapshot({ processing: [rendering], pending: [first, second], heads: [head(first), head(second)] }),
    );
    expect(forecasts.get(rendering.id)).toEqual({ position: null, estimatedStartAt: null, estimatedFinishAt: at(5) });
    expect(forecasts.get(first.id)).toEqual({ position: 1, estimatedStartAt: at(5), estimatedFinishAt: at(15) });
    expect(forecasts.get(second.id)).toEqual({ position: 2, estimatedStartAt: at(15), estimatedFinishAt: at(25) });
  });

  it('two render slots share the waiting jobs; a render just started uses the history for what is left', () => {
    const justStarted = job('ann', { status: 'PROCESSING', progress: 2, startedAt: at(-4) });
    const halfway = job('bob', { status: 'PROCESSING', progress: 50, startedAt: at(-1) });
    const waiting = [job('cat'), job('dan'), job('eve')];
    const forecasts = forecastQueue(
      snapshot({ processing: [justStarted, halfway], pending: waiting, heads: waiting.map((w) => head(w)) }),
    );
    expect(forecasts.get(justStarted.id)?.estimatedFinishAt).toEqual(at(6));
    expect(forecasts.get(halfway.id)?.estimatedFinishAt).toEqual(at(1));
    expect(waiting.map((w) => forecasts.get(w.id)?.estimatedStartAt)).toEqual([at(1), at(6), at(11)]);
  });

  it('with nothing rendering the first waiting job starts now', () => {
    const only = job('ann');
    expect(forecastQueue(snapshot({ pending: [only], heads: [head(only)] })).get(only.id)).toEqual({
      position: 1,
      estimatedStartAt: NOW,
      estimatedFinishAt: at(10),
    });
  });

  it('without history it says so: positions stay, every estimate from the unknown render on is null', () => {
    const known = job('ann');
    const unknown = job('bob', { modelId: 'new-model' });
    const after = job('cat');
    const forecasts = forecastQueue(
      snapshot({
        pending: [known, unknown, after],
        heads: [head(known), head(unknown), head(after)],
        renderMs: (shape) => (shape.modelId === 'new-model' ? null : 10_000),
      }),
    );
    expect(forecasts.get(known.id)).toEqual({ position: 1, estimatedStartAt: NOW, estimatedFinishAt: at(10) });
    expect(forecasts.get(unknown.id)).toEqual({ position: 2, estimatedStartAt: null, estimatedFinishAt: null });
    expect(forecasts.get(after.id)).toEqual({ position: 3, estimatedStartAt: null, estimatedFinishAt: null });
  });

  it('the typical render is the median of recent ones', () => {
    const span = (seconds: number) => ({ startedAt: at(0), completedAt: at(seconds) });
    expect(medianRenderMs([])).toBeNull();
    expect(medianRenderMs([span(9), span(30), span(10)])).toBe(10_000);
    expect(medianRenderMs([span(8), span(12)])).toBe(10_000);
  });
});
