import type { VideoInspection, VideoInspector } from '../../domain/generation/output-check';
import { blackSeconds, extractThumbnail, probeVideo } from './video-probe';

/** The worker's VideoInspector on the resolved ffmpeg/ffprobe (see ffmpeg-binaries.ts). */
export class FfmpegInspector implements VideoInspector {
  constructor(private readonly paths: { ffmpeg: string; ffprobe: string }) {}

  async inspect(videoPath: string, signal?: AbortSignal): Promise<VideoInspection> {
    const [facts, black] = await Promise.all([
      probeVideo(this.paths.ffprobe, videoPath, signal),
      blackSeconds(this.paths.ffmpeg, videoPath, signal),
    ]);
    return { ...facts, blackSeconds: black };
  }

  thumbnail(videoPath: string, outputPath: string, atSeconds: number, signal?: AbortSignal): Promise<void> {
    return extractThumbnail(this.paths.ffmpeg, videoPath, outputPath, atSeconds, signal);
  }
}
