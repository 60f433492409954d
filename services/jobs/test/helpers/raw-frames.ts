import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * One frame as raw RGB bytes, from ffmpeg: `input` are the arguments that name the picture (`-i file`,
 * `-ss t -i file`, or `-filter_complex graph -map [v]`); `scale` shrinks it first (cheaper comparisons).
 */
export async function rawRgbFrame(input: string[], scale?: string): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      ...input,
      '-frames:v',
      '1',
      ...(scale ? ['-vf', `scale=${scale}`] : []),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 10_000_000 },
  );
  return stdout;
}

/** The mean absolute difference of two frames' bytes (0–255). */
export function meanAbsDiff(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error(`frames of ${a.length} and ${b.length} bytes cannot be compared`);
  let total = 0;
  for (let i = 0; i < a.length; i += 1) total += Math.abs(a[i]! - b[i]!);
  return total / a.length;
}
