import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { X264_PRESET_OF_SPEED } from '../../../domain/catalogue/video-options';
import {
  GenerationError,
  type GenerationContext,
  type GenerationResult,
  type GenerationRequest,
  type VideoProvider,
} from '../../../domain/generation/video-provider';
import { detectFfmpegFeatures, type FfmpegFeatures } from '../../ffmpeg/ffmpeg-features';
import { runFfmpeg } from '../../ffmpeg/ffmpeg-process';
import { blackSecondsIn, pictureCheckGraph, pictureCheckOutputs } from '../../ffmpeg/video-probe';
import { findFontFile } from './font-file';
import { designScene } from './scene';

export const LOCAL_FPS = 24;

export interface LocalProviderOptions {
  ffmpegPath: string;
  /** A configured font file (else found at run time). */
  fontFile?: string;
}

/**
 * The built-in provider: renders the prompt's scene (see scene.ts) with ffmpeg into an H.264
 * MP4 (yuv420p, +faststart, 24 fps, exactly duration × 24 frames). Speed picks the x264 preset;
 * progress comes from `-progress pipe:1` (frames done / frames wanted). The same ffmpeg run checks
 * the picture (blackdetect) and cuts the thumbnail, as the worker's inspector would on the file.
 */
export class LocalVideoProvider implements VideoProvider {
  readonly name = 'local';
  private fontFile: Promise<string | undefined> | undefined;
  private available: Promise<boolean> | undefined;
  private features: Promise<FfmpegFeatures> | undefined;

  constructor(private readonly options: LocalProviderOptions) {}

  isAvailable(): Promise<boolean> {
    this.available ??= runFfmpeg({ executable: this.options.ffmpegPath, args: ['-hide_banner', '-version'] }).then(
      () => true,
      () => false,
    );
    return this.available;
  }

  async generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationResult> {
    this.fontFile ??= findFontFile(this.options.fontFile);
    this.features ??= detectFfmpegFeatures(this.options.ffmpegPath);
    // A failed detection is not kept: the render's own error says what is wrong, and the next one asks again.
    const features = await this.features.catch((error: unknown) => {
      this.features = undefined;
      throw new GenerationError(
        'unknown',
        `The local renderer could not run ffmpeg: ${(error as Error).message}`,
        false,
        {
          cause: error,
        },
      );
    });
    const fontFile = await this.fontFile;
    const scene = designScene({
      prompt: request.prompt,
      seed: request.seed,
      width: request.width,
      height: request.height,
      fps: LOCAL_FPS,
      durationSeconds: request.durationSeconds,
      gradientSource: features.gradients,
      startImage: request.startImage?.path,
    });
    // Text goes through files: no escaping of user text inside the filter graph at all.
    const textFiles = await Promise.all(
      scene.lines.map(async (line, i) => {
        const file = path.join(context.workDir, `line-${i}.txt`);
        await writeFile(file, line, 'utf8');
        return file;
      }),
    );
    const frames = Math.round(request.durationSeconds * LOCAL_FPS);
    const videoPath = path.join(context.workDir, 'video.mp4');
    const thumbnailPath = path.join(context.workDir, 'thumbnail.jpg');
    // The picture's checks ride along with the render: the frames it draws go to the encoder, to
    // blackdetect and to the thumbnail branch, so the worker never decodes the video again (issue 19).
    const graph = `${scene.filterGraph(textFiles, fontFile)};[v]split=2[encode][checks];${pictureCheckGraph('checks')}`;
    const args = [
      '-hide_banner',
      // blackdetect reports at `info`; -nostats keeps the per-second status lines out.
      '-loglevel',
      'info',
      '-nostats',
      '-progress',
      'pipe:1',
      // Progress lines four times a second, so short renders still report each step (older ffmpeg:
      // every half second, and always the last frame).
      ...(features.statsPeriod ? ['-stats_period', '0.25'] : []),
      '-y',
      ...scene.inputs,
      '-filter_complex',
      graph,
      '-map',
      '[encode]',
      '-frames:v',
      String(frames),
      '-r',
      String(LOCAL_FPS),
      '-c:v',
      'libx264',
      '-preset',
      X264_PRESET_OF_SPEED[request.speed],
      '-crf',
      '21',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(LOCAL_FPS * 2),
      '-movflags',
      '+faststart',
      '-an',
      videoPath,
      ...pictureCheckOutputs(thumbnailPath, frames),
    ];
    let blackSeconds = 0;
    try {
      await runFfmpeg({
        executable: this.options.ffmpegPath,
        args,
        signal: context.signal,
        onStdoutLine: (line) => {
          const match = /^frame=(\d+)$/.exec(line);
          if (match) context.onProgress(Math.min(99, (Number(match[1]) / frames) * 100));
        },
        onStderrLine: (line) => {
          blackSeconds += blackSecondsIn(line);
        },
      });
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw new GenerationError('unknown', `The local renderer failed: ${(error as Error).message}`, false, {
        cause: error,
      });
    }
    return { videoPath, pictureChecks: { thumbnailPath, blackSeconds } };
  }
}
