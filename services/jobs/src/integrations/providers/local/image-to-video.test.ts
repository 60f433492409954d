import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GenerationRequest } from '../../../domain/generation/video-provider';
import { inspectVideoOnce } from '../../ffmpeg/video-probe';
import { firstFrameSsim } from '../../../../test/helpers/first-frame-ssim';
import { meanAbsDiff, rawRgbFrame } from '../../../../test/helpers/raw-frames';
import { LocalVideoProvider } from './local-provider';

const run = promisify(execFile);

/** Image-to-video with the local renderer (issue 21): the start image is the first frame and stays the scene. */
describe('local renderer with a start image', () => {
  let dir: string;
  let image: string;
  const provider = new LocalVideoProvider({ ffmpegPath: 'ffmpeg' });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-i2v-'));
    image = path.join(dir, 'start.png');
    // A landscape picture with detail everywhere (testsrc2), so a 9:16 frame crops it and SSIM has edges to compare.
    await run('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1280x720',
      '-frames:v',
      '1',
      image,
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function render(name: string, seed: number): Promise<string> {
    const workDir = path.join(dir, name);
    await mkdir(workDir, { recursive: true });
    const request: GenerationRequest = {
      jobId: name,
      prompt: 'Slow push-in over the test card',
      seed,
      modelId: 'kadr-motion-v1',
      durationSeconds: 2,
      aspectRatio: '9:16',
      width: 480,
      height: 854,
      quality: 'Lite',
      speed: 'Ultra Fast',
      negativePrompt: null,
      startImage: { path: image, url: () => Promise.reject(new Error('the local renderer reads the file')) },
    };
    const result = await provider.generate(request, {
      workDir,
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    return result.videoPath;
  }

  it('starts on the image (SSIM ≥ 0.9 against the image filling the frame), then moves; the same seed gives the same bytes', async () => {
    const video = await render('a', 11);
    const again = await render('again', 11);

    const facts = await inspectVideoOnce('ffmpeg', video, path.join(dir, 'a.jpg'));
    expect(facts).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 480, height: 854 });
    expect(Math.abs(facts.durationSeconds - 2)).toBeLessThanOrEqual(0.2);

    expect(await firstFrameSsim(video, image, 480, 854)).toBeGreaterThanOrEqual(0.9);
    // The camera moves: the last frame is not the first.
    const [first, last] = await Promise.all([
      rawRgbFrame(['-i', video], '90:160'),
      rawRgbFrame(['-sseof', '-0.1', '-i', video], '90:160'),
    ]);
    expect(meanAbsDiff(first, last)).toBeGreaterThan(2);

    const md5 = async (file: string) =>
      createHash('md5')
        .update(await readFile(file))
        .digest('hex');
    expect(await md5(again)).toBe(await md5(video));
  }, 60_000);

  it('moves the camera differently for another seed', async () => {
    const [one, other] = [await render('seed-1', 1), await render('seed-2', 2)];
    const lastOf = (video: string) => rawRgbFrame(['-sseof', '-0.1', '-i', video], '90:160');
    expect(meanAbsDiff(await lastOf(one), await lastOf(other))).toBeGreaterThan(1);
  }, 60_000);
});
