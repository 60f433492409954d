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
/**
 * The job's time-out scales with the work: base (30 s by default) + factor × the estimated render time
 * (frames × pixels ÷ the preset's throughput). 15 s of 2160p at Slow ≈ 150 s estimated → about 10.5 min
 * with the default factor 4; 5 s of 720p at Normal ≈ 3 s → 41 s.
 */
export function jobTimeoutMs(
  job: { provider: string; width: number; height: number; durationSeconds: number; speed: JobSpeed },
  fps: number,
  factor: number,
  baseMs: number,
): number {
  const pixels = job.width * job.height * fps * job.durationSeconds;
  const localMs = (pixels / PIXELS_PER_SECOND[job.speed]) * 1_000;
  const estimateMs = job.provider === 'local' || job.provider === 'faulty' ? localMs : HOSTED_RENDER_MS + localMs;
  return Math.round(baseMs + factor * estimateMs);
}
