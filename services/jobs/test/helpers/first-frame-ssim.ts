import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * SSIM (ffmpeg's `ssim` filter, "All", 0–1) between a video's first frame and an image scaled and
 * centre-cropped to fill the video's frame — how the local renderer places a start image.
 */
export async function firstFrameSsim(video: string, image: string, width: number, height: number): Promise<number> {
  const graph =
    `[0:v]trim=end_frame=1,setpts=PTS-STARTPTS,format=yuv420p[first];` +
    `[1:v]scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},setsar=1,format=yuv420p[image];` +
    `[first][image]ssim`;
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-i',
    video,
    '-i',
    image,
    '-filter_complex',
    graph,
    '-f',
    'null',
    '-',
  ]);
  const match = /All:([0-9.]+)/.exec(stderr);
  if (!match) throw new Error(`no SSIM in ffmpeg's output: ${stderr.slice(-500)}`);
  return Number(match[1]);
}
