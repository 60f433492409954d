import { expectedRenderMs, finishedWithinObjective, jobTimeoutMs } from './job-timeout';

describe('the job objective (SLO)', () => {
  // 5 s of 720p at Normal, 24 fps: 1280 × 720 × 24 × 5 px ÷ 40 Mpx/s ≈ 2.76 s estimated.
  const createdAt = new Date('2025-01-01T00:00:00Z');
  const job = { provider: 'local', width: 1280, height: 720, durationSeconds: 5, speed: 'Normal', createdAt } as const;
  const after = (ms: number) => new Date(createdAt.getTime() + ms);
  const objectiveMs = 2 * expectedRenderMs(job, 24) + 60_000;

  it('is 2 × the estimate the time-out is made of, + 60 s', () => {
    expect(expectedRenderMs(job, 24)).toBeCloseTo(2_764.8, 1);
    expect(jobTimeoutMs(job, 24, 4, 30_000)).toBe(Math.round(30_000 + 4 * expectedRenderMs(job, 24)));
    expect(objectiveMs).toBeCloseTo(65_529.6, 1);
  });

  it('holds for a job that ended within it, from its creation', () => {
    expect(finishedWithinObjective(job, after(1_000), 24)).toBe(true);
    expect(finishedWithinObjective(job, after(objectiveMs), 24)).toBe(true);
    expect(finishedWithinObjective(job, after(objectiveMs + 1), 24)).toBe(false);
  });

  it('gives a hosted provider its queue time too', () => {
    const hosted = { ...job, provider: 'fal' };
    expect(expectedRenderMs(hosted, 24)).toBeCloseTo(150_000 + expectedRenderMs(job, 24), 6);
    expect(finishedWithinObjective(hosted, after(objectiveMs + 1), 24)).toBe(true);
  });
});
