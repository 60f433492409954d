import { GenerationError } from './video-provider';

/** What the worker learns about a rendered file (its description and blackdetect, in one ffmpeg pass). */
export interface VideoInspection {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  durationSeconds: number;
  sizeBytes: number;
  /** Seconds of (almost) black picture. */
  blackSeconds: number;
}

/** A file's description: what its container says, without looking at the picture. */
export type VideoDescription = Omit<VideoInspection, 'blackSeconds'>;

/**
 * The worker's view of a rendered file: `inspect` checks it and cuts its thumbnail (to `thumbnailPath`)
 * in one read of the file — the checks cost one process, not one per question; `describe` only reads
 * the container's description, for a video whose picture its render already checked.
 */
export interface VideoInspector {
  inspect(videoPath: string, thumbnailPath: string, signal?: AbortSignal): Promise<VideoInspection>;
  describe(videoPath: string): Promise<VideoDescription>;
  /** The file's description as ffprobe reads it (an upscale's output is checked by the tool that did not write it). */
  probe(videoPath: string, signal?: AbortSignal): Promise<VideoDescription>;
}

export const DURATION_TOLERANCE_SECONDS = 0.2;

/** A rendered video the output check refused: the job fails `unknown`, the metrics tell it apart. */
export class OutputCheckError extends GenerationError {
  constructor(message: string) {
    super('unknown', message);
    this.name = 'OutputCheckError';
  }
}

/**
 * The output check before a job completes (a broken output fails the job and its credits are
 * released instead of charged): H.264, the requested frame, the requested length ± 0.2 s, not
 * empty, and not mostly black.
 */
export function checkOutput(
  facts: VideoInspection,
  wanted: { width: number; height: number; durationSeconds: number },
): void {
  const problems: string[] = [];
  if (facts.codec !== 'h264') problems.push(`codec ${facts.codec || 'unknown'} instead of h264`);
  if (facts.width !== wanted.width || facts.height !== wanted.height) {
    problems.push(`${facts.width}×${facts.height} instead of ${wanted.width}×${wanted.height}`);
  }
  if (Math.abs(facts.durationSeconds - wanted.durationSeconds) > DURATION_TOLERANCE_SECONDS) {
    problems.push(`${facts.durationSeconds.toFixed(2)} s instead of ${wanted.durationSeconds} s`);
  }
  if (facts.sizeBytes <= 0) problems.push('an empty file');
  if (facts.blackSeconds >= facts.durationSeconds * 0.9) problems.push('a blank (black) picture');
  if (problems.length > 0) {
    throw new OutputCheckError(`The rendered video failed the output check: ${problems.join(', ')}.`);
  }
}
