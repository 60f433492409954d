import type { JobSpeed } from '@kadr/contracts';

/**
 * Pixels per second the local renderer (scene + x264) gets through on a 2-core machine at each
 * speed's preset. x264 alone did 2 s of 2160p at `slow` in about 9 s (~44 Mpx/s at 24 fps); the
 * scene costs as much again, so these are deliberately about half of that.
 */
const PIXELS_PER_SECOND: Record<JobSpeed, number> = {
  Slow: 20e6,
  Normal: 40e6,
  Fast: 70e6,
  'Ultra Fast': 120e6,
};

/** A hosted provider's queue and render time we are prepared to wait for, before the factor. */
const HOSTED_RENDER_MS = 150_000;

type RenderShape = { provider: string; width: number; height: number; durationSeconds: number; speed: JobSpeed };

/** The estimated render time: frames × pixels ÷ the preset's throughput (a hosted provider adds its queue). */
export function expectedRenderMs(job: RenderShape, fps: number): number {
  const pixels = job.width * job.height * fps * job.durationSeconds;
  const localMs = (pixels / PIXELS_PER_SECOND[job.speed]) * 1_000;
  return job.provider === 'local' || job.provider === 'faulty' ? localMs : HOSTED_RENDER_MS + localMs;
}

/**
 * The job's time-out scales with the work: base (30 s by default) + factor × the estimated render time.
 * 15 s of 2160p at Slow ≈ 150 s estimated → about 10.5 min with the default factor 4; 5 s of 720p at
 * Normal ≈ 3 s → 41 s.
 */
export function jobTimeoutMs(job: RenderShape, fps: number, factor: number, baseMs: number): number {
  return Math.round(baseMs + factor * expectedRenderMs(job, fps));
}

/** The job SLO: created → COMPLETED or FAILED within 2 × its estimated render time + 60 s. */
export function finishedWithinObjective(job: RenderShape & { createdAt: Date }, finishedAt: Date, fps: number) {
  return finishedAt.getTime() - job.createdAt.getTime() <= 2 * expectedRenderMs(job, fps) + 60_000;
}
