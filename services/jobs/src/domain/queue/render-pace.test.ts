import type { Job, JobHistoryEntry } from '../jobs/job';
import { remainingFromPace } from './render-pace';

const NOW = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const step = (progress: number, seconds: number, attempt = 1): JobHistoryEntry => ({
  at: at(seconds),
  kind: 'progress',
  status: 'PROCESSING',
  progress,
  attempt,
  message: 'Rendering',
  errorCode: null,
  actor: 'worker',
});

function rendering(progress: number, startedAt: Date, history: JobHistoryEntry[], attempt = 1): Job {
  return { id: 'job-1', status: 'PROCESSING', progress, attempt, startedAt, history } as unknown as Job;
}

describe('a rendering job’s remaining time from its own pace', () => {
  it('none before the job has a pace: not claimed, or below 5 %', () => {
    expect(remainingFromPace({ ...rendering(50, at(-5), []), startedAt: null }, NOW)).toBeNull();
    expect(remainingFromPace(rendering(0, at(-5), []), NOW)).toBeNull();
  });

  it('the start-up before the first step is not progress: the pace runs from the first step to the latest', () => {
    // Claimed 14 s ago, 6 s before the first step; 10 → 50 % took 8 s: 0.2 s per percent, 50 % left.
    const job = rendering(50, at(-14), [step(10, -8), step(30, -4), step(50, 0)]);
    expect(remainingFromPace(job, NOW)).toBe(10_000);
    // The claim-to-now pace this replaces said 14 s: the start-up counted as if it were progress.
  });

  it('the time since the latest step counts, but what is left never falls below the next step’s share', () => {
    const job = rendering(50, at(-14), [step(10, -8), step(50, 0)]);
    expect(remainingFromPace(job, at(2))).toBe(8_000);
    // 60 % is not recorded yet, so at least 40 % (8 s at this pace) is still to render.
    expect(remainingFromPace(job, at(9))).toBe(8_000);
  });

  it('with a single step, the pace runs from the claim', () => {
    expect(remainingFromPace(rendering(20, at(-4), [step(20, 0)]), NOW)).toBe(16_000);
  });

  it('steps of an earlier attempt are not this render’s pace', () => {
    // Attempt 1 crawled (10 % in 30 s); attempt 2 was claimed 6 s ago and reached 10 % then 30 % in 2 s.
    const job = rendering(30, at(-6), [step(10, -40, 1), step(10, -2, 2), step(30, 0, 2)], 2);
    expect(remainingFromPace(job, NOW)).toBe(7_000);
  });

  it('a job whose history does not hold its current step: from the claim to now', () => {
    expect(remainingFromPace(rendering(50, at(-5), []), NOW)).toBe(5_000);
    expect(remainingFromPace(rendering(50, at(-5), [step(40, -1)]), NOW)).toBe(5_000);
  });
});
