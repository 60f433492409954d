import type { JobAspectRatio, JobQuality, JobSpeed } from '@kadr/contracts';

/** What a provider is asked to render (a job, without its bookkeeping). */
export interface GenerationRequest {
  jobId: string;
  prompt: string;
  /** Varies the scene between jobs with the same prompt; the same prompt and seed give the same video. */
  seed: number;
  modelId: string;
  durationSeconds: number;
  /** The frame shape; width × height are its pixels. */
  aspectRatio: JobAspectRatio;
  width: number;
  height: number;
  quality: JobQuality;
  speed: JobSpeed;
  /** What the video should not show (providers that take it); null when none. */
  negativePrompt: string | null;
  /** Image-to-video: the start image, as a file in the attempt's folder and as a link for a hosted provider; null for text-to-video. */
  startImage: StartImage | null;
}

export interface StartImage {
  path: string;
  /** A short-lived URL of the same image (what a hosted provider downloads it from). */
  url(): Promise<string>;
}

export interface GenerationContext {
  /** A private, empty folder for this attempt; removed by the caller afterwards. */
  workDir: string;
  /** Percent done, 0–100 (called often; the caller throttles what it records). */
  onProgress(percent: number): void;
  /** Aborted on the job's time-out, on shutdown, or when the job was taken away (deleted, marked failed). */
  signal: AbortSignal;
}

/** The picture's checks, made while the video was rendered (the local renderer draws and encodes it itself). */
export interface PictureChecks {
  /** The 640×360 thumbnail, in the attempt's folder. */
  thumbnailPath: string;
  /** Seconds of (almost) black picture. */
  blackSeconds: number;
}

/** What a provider hands back. */
export interface GenerationResult {
  videoPath: string;
  /**
   * Present when the render itself checked the picture and cut the thumbnail: the worker then reads the
   * file's description only, instead of decoding the video again (render-job.ts).
   */
  pictureChecks?: PictureChecks;
}

/** The port (ARCHITECTURE §4): a provider renders an MP4 at the requested size and length. */
export interface VideoProvider {
  /** The name users pick in their settings and models carry (`local`, `fal`, …). */
  readonly name: string;
  /** Configured and healthy: only then are its models listed and its jobs accepted. */
  isAvailable(): Promise<boolean>;
  /** Renders into `context.workDir` and resolves with the video file's path (and its picture's checks, if made). */
  generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationResult>;
}

/** Reasons a generation fails with; each is a code of the error catalogue (spec §8). */
export const GENERATION_FAILURE_REASONS = [
  'aiproxy_error',
  'timeout',
  's3_timeout',
  'egress_host_not_allowlisted',
  'ssrf_blocked',
  'service_unavailable',
  'unknown',
] as const;
export type GenerationFailureReason = (typeof GENERATION_FAILURE_REASONS)[number];

/**
 * A failed generation. `transient` ones (a 5xx or 429 from the provider, a storage time-out) are
 * retried with backoff within the attempt; the rest fail the job with `reason`.
 */
export class GenerationError extends Error {
  constructor(
    readonly reason: GenerationFailureReason,
    message: string,
    readonly transient = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GenerationError';
  }
}

/** The failure of a thrown value: a GenerationError as it is, an error naming its problem (s3_timeout…), else unknown. */
export function generationErrorOf(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  const problem = (error as { problem?: { reason?: unknown } } | undefined)?.problem;
  if (problem?.reason === 's3_timeout') {
    return new GenerationError('s3_timeout', 'The file storage did not answer in time.', true, { cause: error });
  }
  if (problem?.reason === 'db_transient') {
    return new GenerationError('service_unavailable', 'The database is unavailable.', true, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GenerationError('unknown', message, false, { cause: error });
}
