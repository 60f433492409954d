import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface MediaFixtures {
  video: Buffer;
  thumbnail: Buffer;
}

let cached: MediaFixtures | undefined;

/**
 * A real one-second H.264 MP4 and a JPEG frame made by the system ffmpeg (what the local
 * provider renders), or random bytes when ffmpeg is missing — the byte arithmetic is the same.
 */
export function mediaFixtures(): MediaFixtures {
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-media-fixture-'));
  try {
    const video = path.join(dir, 'out.mp4');
    const thumbnail = path.join(dir, 'thumb.jpg');
    const made =
      spawnSync('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x180:rate=24',
        '-t',
        '1',
        '-pix_fmt',
        'yuv420p',
        '-y',
        video,
      ]).status === 0 &&
      spawnSync('ffmpeg', ['-v', 'error', '-i', video, '-frames:v', '1', '-y', thumbnail]).status === 0;
    cached = made
      ? { video: fs.readFileSync(video), thumbnail: fs.readFileSync(thumbnail) }
      : { video: randomBytes(40_000), thumbnail: randomBytes(3_000) };
    return cached;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
