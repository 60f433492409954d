import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  GenerationContext,
  GenerationRequest,
  GenerationResult,
  VideoProvider,
} from '../../../domain/generation/video-provider';
import { GenerationError } from '../../../domain/generation/video-provider';
import { runFfmpeg } from '../../ffmpeg/ffmpeg-process';

/** One frame a second is enough for the output check (size, length, not black) and takes no time to encode. */
const INSTANT_FPS = 1;
/** Bright enough that the output check never takes the picture for a black one. */
const COLOURS = ['0x3b82f6', '0xf59e0b', '0x10b981', '0xef4444', '0x8b5cf6'];

/**
 * Tests only (`JOBS_RENDERER=instant`, refused in production): stands in for a provider under its
 * name (`local`, `fal`, `faulty`), so every model of the catalogue is offered and its jobs go
 * through the whole pipeline — claim, render, output check, thumbnail, storage, capture — without
 * a real render. The "render" is a solid-colour H.264 clip of the requested size and length at
 * 1 fps (x264 ultrafast): it passes the output check like a real video, in well under a second.
 */
export class InstantVideoProvider implements VideoProvider {
  constructor(
    readonly name: string,
    /** `renderMs`: how long a render takes before the clip is made (tests that need renders in progress). */
    private readonly options: { ffmpegPath: string; renderMs?: number },
  ) {}

  isAvailable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  async generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationResult> {
    const videoPath = path.join(context.workDir, 'video.mp4');
    const colour = COLOURS[Math.abs(request.seed) % COLOURS.length]!;
    context.onProgress(10);
    if (this.options.renderMs) {
      // Aborted like a real render: the worker's time-out, a lost lease or its shutdown ends the wait.
      await sleep(this.options.renderMs, undefined, { signal: context.signal });
    }
    try {
      await runFfmpeg({
        executable: this.options.ffmpegPath,
        signal: context.signal,
        args: [
          '-hide_banner',
          '-loglevel',
          'error',
          '-nostats',
          '-y',
          '-f',
          'lavfi',
          '-i',
          `color=c=${colour}:s=${request.width}x${request.height}:r=${INSTANT_FPS}:d=${request.durationSeconds}`,
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          '-an',
          videoPath,
        ],
      });
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw new GenerationError('unknown', `The instant test renderer failed: ${(error as Error).message}`, false, {
        cause: error,
      });
    }
    context.onProgress(99);
    return { videoPath };
  }
}
