import { stat } from 'node:fs/promises';
import { runFfmpeg } from './ffmpeg-process';

export interface VideoFacts {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  durationSeconds: number;
  sizeBytes: number;
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    duration?: string;
  }[];
  format?: { duration?: string };
}

/** Reads the first video stream's codec, size and duration with ffprobe. */
export async function probeVideo(ffprobePath: string, file: string, signal?: AbortSignal): Promise<VideoFacts> {
  const { stdout } = await runFfmpeg({
    executable: ffprobePath,
    args: ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
    signal,
  });
  const json = JSON.parse(stdout) as ProbeJson;
  const video = json.streams?.find((s) => s.codec_type === 'video');
  if (!video) throw new Error('the file has no video stream');
  const duration = Number(video.duration ?? json.format?.duration ?? NaN);
  return {
    codec: video.codec_name ?? '',
    pixelFormat: video.pix_fmt ?? '',
    width: video.width ?? 0,
    height: video.height ?? 0,
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    sizeBytes: (await stat(file)).size,
  };
}

/** Seconds of (almost) black picture, by ffmpeg's blackdetect filter. */
export async function blackSeconds(ffmpegPath: string, file: string, signal?: AbortSignal): Promise<number> {
  const { stderr } = await runFfmpeg({
    executable: ffmpegPath,
    args: ['-hide_banner', '-nostats', '-i', file, '-vf', 'blackdetect=d=0.1:pix_th=0.10', '-an', '-f', 'null', '-'],
    signal,
  });
  let total = 0;
  for (const match of stderr.matchAll(/black_duration:\s*([\d.]+)/g)) total += Number(match[1]);
  return total;
}

/** A 16:9 JPEG still from the video (640×360), taken a little way in so fades have happened. */
export async function extractThumbnail(
  ffmpegPath: string,
  video: string,
  output: string,
  atSeconds: number,
  signal?: AbortSignal,
): Promise<void> {
  await runFfmpeg({
    executable: ffmpegPath,
    args: [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      atSeconds.toFixed(2),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      // Letterbox anything that is not 16:9 rather than stretching it.
      'scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2,setsar=1',
      '-q:v',
      '3',
      output,
    ],
    signal,
  });
}

/**
 * Re-encodes a provider's video to exactly the requested frame and length (scaled to cover and
 * centre-cropped, last frame held if it is short, cut if long), H.264 yuv420p +faststart at `fps`.
 */
export async function conformVideo(
  ffmpegPath: string,
  input: string,
  output: string,
  target: { width: number; height: number; durationSeconds: number; fps: number; preset: string },
  signal?: AbortSignal,
): Promise<void> {
  const { width, height, durationSeconds, fps, preset } = target;
  await runFfmpeg({
    executable: ffmpegPath,
    args: [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-vf',
      `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,fps=${fps},` +
        `tpad=stop_mode=clone:stop_duration=${durationSeconds}`,
      '-frames:v',
      String(Math.round(durationSeconds * fps)),
      '-c:v',
      'libx264',
      '-preset',
      preset,
      '-crf',
      '21',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      output,
    ],
    signal,
  });
}
