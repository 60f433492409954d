import { PROGRESS_STEP_PERCENT } from '../generation/progress-steps';
import type { Job } from '../jobs/job';

/** Rendering progress below this says too little about the rest: the history's estimate is used instead. */
export const MIN_PROGRESS_FOR_PACE = 5;

/** A progress step as the worker recorded it: the percentage reached and when (ms). */
interface ProgressMark {
  progress: number;
  at: number;
}

/** The progress steps of the job's current attempt, in the order they were recorded. */
function marksOf(job: Job): ProgressMark[] {
  return job.history
    .filter((entry) => entry.kind === 'progress' && entry.attempt === job.attempt)
    .map((entry) => ({ progress: entry.progress, at: entry.at.getTime() }));
}

/**
 * How long a rendering job still needs, in ms, from its own pace; null before it has any
 * (no claim, or less than MIN_PROGRESS_FOR_PACE done).
 *
 * The pace is the time per percent between the first progress step the worker recorded and the
 * latest: the start-up before the first step (claim, workspace, the renderer starting) is not
 * progress, and counting it made every estimate too long. With a single step, from the claim.
 * Progress is recorded in whole steps, so the time since the latest step counts too (the render
 * went on meanwhile), but what is left never falls below the next step's share: that step has not
 * been recorded, so the render is not there yet. A job whose history does not hold its current
 * step: from the claim to now.
 */
export function remainingFromPace(job: Job, now: Date): number | null {
  if (!job.startedAt || job.progress < MIN_PROGRESS_FOR_PACE) return null;
  const marks = marksOf(job);
  const latest = marks.at(-1);
  if (!latest || latest.progress !== job.progress) {
    const elapsed = now.getTime() - job.startedAt.getTime();
    return Math.max(0, (elapsed * (100 - job.progress)) / job.progress);
  }
  const first = marks[0]!;
  const msPerPercent =
    latest.progress > first.progress
      ? (latest.at - first.at) / (latest.progress - first.progress)
      : (latest.at - job.startedAt.getTime()) / latest.progress;
  const left = 100 - latest.progress;
  const sinceLatest = Math.max(0, now.getTime() - latest.at);
  return Math.max(0, msPerPercent * Math.max(0, left - PROGRESS_STEP_PERCENT), msPerPercent * left - sinceLatest);
}
