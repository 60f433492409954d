import { stat } from 'node:fs/promises';
import { runFfmpeg, type FfmpegRunner } from './ffmpeg-process';

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

/** What one pass over a rendered file learns (the file's size comes from the file system). */
export type VideoPass = Omit<VideoFacts, 'sizeBytes'> & { blackSeconds: number };

/** When the thumbnail is taken: a little way in, so fades have happened. */
export const THUMBNAIL_AT_SECONDS = 1.5;

/** The black-picture check: a stretch of ≥ 0.1 s whose pixels are (almost) all below 10 % luma. */
const BLACKDETECT_FILTER = 'blackdetect=d=0.1:pix_th=0.10';

/**
 * The thumbnail branch: keeps the first frame and the first one at or after 1.5 s, letterboxed (not
 * stretched) to 640×360. With `pictureCheckOutputs` the image muxer overwrites its one file
 * (`-update 1`), so the file ends as the 1.5 s frame, or the first frame of a clip shorter than that.
 */
const THUMBNAIL_FILTER =
  `select='eq(n,0)+gte(t,${THUMBNAIL_AT_SECONDS})*lt(selected_n,2)',` +
  'scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2,setsar=1';

/**
 * The picture's checks as a filter-graph fragment on the stream labelled `input`: blackdetect on every
 * frame (output `[checked]`) and the thumbnail branch (output `[still]`); `pictureCheckOutputs` maps them.
 */
export function pictureCheckGraph(input: string): string {
  return `[${input}]split=2[check][thumb];[check]${BLACKDETECT_FILTER}[checked];[thumb]${THUMBNAIL_FILTER}[still]`;
}

/**
 * The outputs of `pictureCheckGraph`: blackdetect's frames to nowhere (at most `frames` of them, when the
 * input does not end by itself at the video's end), and the thumbnail. Passthrough timing stops ffmpeg
 * from filling the gap between the thumbnail's two frames with copies (-vsync: ffmpeg 5.1 calls it
 * deprecated in favour of -fps_mode, which the npm 4.1 lacks).
 */
export function pictureCheckOutputs(thumbnailPath: string, frames?: number): string[] {
  return [
    '-map',
    '[checked]',
    ...(frames === undefined ? [] : ['-frames:v', String(frames)]),
    '-f',
    'null',
    '-',
    '-map',
    '[still]',
    ...['-vsync', 'passthrough', '-q:v', '3', '-update', '1', thumbnailPath],
  ];
}

/** The seconds of black picture one line of ffmpeg's log reports (blackdetect's `black_duration`), else 0. */
export function blackSecondsIn(line: string): number {
  let seconds = 0;
  for (const match of line.matchAll(/black_duration:\s*([\d.]+)/g)) seconds += Number(match[1]);
  return seconds;
}

/**
 * The post-render checks in one ffmpeg process that reads the file once: the input's codec, pixel
 * format, frame and length (ffmpeg's own description of its input), the seconds of (almost) black
 * picture (`blackdetect` on every frame) and a 640×360 JPEG thumbnail as a second output.
 */
export async function inspectVideoOnce(
  ffmpegPath: string,
  file: string,
  thumbnailPath: string,
  signal?: AbortSignal,
  run: FfmpegRunner = runFfmpeg,
): Promise<VideoFacts & { blackSeconds: number }> {
  const graph = pictureCheckGraph('0:v');
  const [{ stderr }, { size }] = await Promise.all([
    run({
      executable: ffmpegPath,
      // The default log level: the input's description and blackdetect's findings are `info` lines.
      args: [
        '-hide_banner',
        '-nostats',
        '-y',
        '-i',
        file,
        '-filter_complex',
        graph,
        ...pictureCheckOutputs(thumbnailPath),
      ],
      signal,
    }),
    stat(file),
  ]);
  return { ...parseInspection(stderr), sizeBytes: size };
}

/**
 * Reads ffmpeg's log of one `inspectVideoOnce` pass: the first video stream of `Input #0` (codec,
 * pixel format, width × height), the container's `Duration:` and every blackdetect `black_duration`.
 * The line formats are the same in ffmpeg 4.1 (the npm build) and 5.1 (Debian's).
 */
export function parseInspection(log: string): VideoPass {
  const inputEnd = log.search(/^(Stream mapping:|Output #0)/m);
  const input = log.slice(0, inputEnd === -1 ? undefined : inputEnd);
  // e.g. `Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709, progressive), 1280x720 [SAR 1:1 …`
  const video = /Stream #0:\d+.*?: Video: ([^\s,]+)[^,]*, ([a-z0-9_]+)(?:\([^)]*\))?, (\d+)x(\d+)/.exec(input);
  if (!video) throw new Error('the file has no video stream');
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(input);
  const blackSeconds = blackSecondsIn(log);
  return {
    codec: video[1]!,
    pixelFormat: video[2]!,
    width: Number(video[3]),
    height: Number(video[4]),
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0,
    blackSeconds,
  };
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
