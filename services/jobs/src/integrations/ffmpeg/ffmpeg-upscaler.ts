import path from 'node:path';
import { X264_PRESET_OF_SPEED } from '../../domain/catalogue/video-options';
import { upscaleFilterOf } from '../../domain/upscale/upscale-target';
import type { UpscaleRequest, VideoUpscaler } from '../../domain/generation/video-upscaler';
import { GenerationError, type GenerationContext, type GenerationResult } from '../../domain/generation/video-provider';
import { runFfmpeg } from './ffmpeg-process';
import { blackSecondsIn, pictureCheckGraph, pictureCheckOutputs } from './video-probe';

/** Keyframes every 2 s whatever the source's frame rate (the local renderer's GOP is 48 frames at 24 fps). */
const KEYFRAMES_EVERY_TWO_SECONDS = 'expr:gte(t,n_forced*2)';

/**
 * The time ffmpeg's `-progress` block has reached, in µs: `out_time_us` (ffmpeg ≥ 4.2), or `out_time_ms`, which despite
 * its name is µs too (and the only one ffmpeg 4.1, the npm build, writes).
 */
export function progressMicrosecondsIn(line: string): number | undefined {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
  return match ? Number(match[1]) : undefined;
}

/**
 * Upscaling with ffmpeg: `scale=W:H:flags=lanczos` (then `setsar=1`: square pixels, as every render), the source's
 * frame rate kept (no `-r`), and the local renderer's encoder settings — libx264 at the speed's preset, CRF 21,
 * yuv420p, a keyframe every 2 s, +faststart, no audio. Progress is the output time over the video's length from
 * `-progress pipe:1`. The same run checks the picture (blackdetect) and cuts the 640×360 thumbnail.
 */
export class FfmpegVideoUpscaler implements VideoUpscaler {
  constructor(private readonly options: { ffmpegPath: string }) {}

  async upscale(request: UpscaleRequest, context: GenerationContext): Promise<Required<GenerationResult>> {
    const videoPath = path.join(context.workDir, 'video.mp4');
    const thumbnailPath = path.join(context.workDir, 'thumbnail.jpg');
    const scale = `${upscaleFilterOf(request.width, request.height)},setsar=1`;
    const graph = `[0:v]${scale},split=2[encode][checks];${pictureCheckGraph('checks')}`;
    const args = [
      '-hide_banner',
      '-loglevel',
      'info',
      '-nostats',
      '-progress',
      'pipe:1',
      '-y',
      '-i',
      request.inputPath,
      '-filter_complex',
      graph,
      '-map',
      '[encode]',
      '-c:v',
      'libx264',
      '-preset',
      X264_PRESET_OF_SPEED[request.speed],
      '-crf',
      '21',
      '-pix_fmt',
      'yuv420p',
      '-force_key_frames',
      KEYFRAMES_EVERY_TWO_SECONDS,
      '-movflags',
      '+faststart',
      '-an',
      videoPath,
      ...pictureCheckOutputs(thumbnailPath),
    ];
    const totalMicroseconds = request.durationSeconds * 1_000_000;
    let blackSeconds = 0;
    try {
      await runFfmpeg({
        executable: this.options.ffmpegPath,
        args,
        signal: context.signal,
        onStdoutLine: (line) => {
          const done = progressMicrosecondsIn(line);
          if (done !== undefined) context.onProgress(Math.min(99, (done / totalMicroseconds) * 100));
        },
        onStderrLine: (line) => {
          blackSeconds += blackSecondsIn(line);
        },
      });
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw new GenerationError('unknown', `The upscale failed: ${(error as Error).message}`, false, { cause: error });
    }
    return { videoPath, pictureChecks: { thumbnailPath, blackSeconds } };
  }
}
