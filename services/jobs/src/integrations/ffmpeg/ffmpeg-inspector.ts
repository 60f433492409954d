import type { VideoInspection, VideoInspector } from '../../domain/generation/output-check';
import type { FfmpegRunner } from './ffmpeg-process';
import { inspectVideoOnce } from './video-probe';

/**
 * The worker's VideoInspector on the resolved ffmpeg (see ffmpeg-binaries.ts): one ffmpeg process
 * per file, started through `run` (default: runFfmpeg).
 */
export class FfmpegInspector implements VideoInspector {
  constructor(private readonly options: { ffmpeg: string; run?: FfmpegRunner }) {}

  inspect(videoPath: string, thumbnailPath: string, signal?: AbortSignal): Promise<VideoInspection> {
    return inspectVideoOnce(this.options.ffmpeg, videoPath, thumbnailPath, signal, this.options.run);
  }
}
