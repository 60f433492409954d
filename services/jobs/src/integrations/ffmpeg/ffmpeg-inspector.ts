import type { VideoDescription, VideoInspection, VideoInspector } from '../../domain/generation/output-check';
import { describeMp4 } from '../mp4/mp4-description';
import type { FfmpegRunner } from './ffmpeg-process';
import { inspectVideoOnce, probeVideo } from './video-probe';

/**
 * The worker's VideoInspector on the resolved ffmpeg (see ffmpeg-binaries.ts): `inspect` is one ffmpeg
 * process per file, started through `run` (default: runFfmpeg); `describe` starts none (mp4-description.ts); `probe` is one ffprobe process.
 */
export class FfmpegInspector implements VideoInspector {
  constructor(private readonly options: { ffmpeg: string; ffprobe: string; run?: FfmpegRunner }) {}

  inspect(videoPath: string, thumbnailPath: string, signal?: AbortSignal): Promise<VideoInspection> {
    return inspectVideoOnce(this.options.ffmpeg, videoPath, thumbnailPath, signal, this.options.run);
  }

  describe(videoPath: string): Promise<VideoDescription> {
    return describeMp4(videoPath);
  }

  probe(videoPath: string, signal?: AbortSignal): Promise<VideoDescription> {
    return probeVideo(this.options.ffprobe, videoPath, signal);
  }
}
