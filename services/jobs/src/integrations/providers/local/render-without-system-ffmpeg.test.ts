import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpegBinaries } from '../../ffmpeg/ffmpeg-binaries';
import { FfmpegInspector } from '../../ffmpeg/ffmpeg-inspector';
import { FfmpegImageInspector } from '../../images/ffmpeg-image-inspector';
import { npmPackageFont } from './font-file';
import { LocalVideoProvider } from './local-provider';

const run = promisify(execFile);

/**
 * A fresh machine after `npm ci`: no ffmpeg on PATH, so the npm-shipped static ffmpeg 4.1 and
 * ffprobe 5.2 render and check the video, with the npm package's DejaVu font for the text.
 */
describe('rendering with no system ffmpeg (npm-shipped binaries)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-npm-ffmpeg-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('resolves the npm binaries with an empty PATH and renders a real H.264 MP4 of the requested length', async () => {
    const emptyPath = path.join(dir, 'empty-path');
    const workDir = path.join(dir, 'work');
    await Promise.all([mkdir(emptyPath), mkdir(workDir)]);
    const binaries = resolveFfmpegBinaries({}, { pathEnv: emptyPath });
    expect(binaries.ffmpeg.source).toBe('npm package');
    expect(binaries.ffprobe.source).toBe('npm package');

    const font = npmPackageFont();
    expect(font).toMatch(/dejavu-fonts-ttf[/\\]ttf[/\\]DejaVuSans-Bold\.ttf$/);
    const provider = new LocalVideoProvider({ ffmpegPath: binaries.ffmpeg.path, fontFile: font });
    expect(await provider.isAvailable()).toBe(true);
    const progress: number[] = [];
    const { videoPath } = await provider.generate(
      {
        jobId: 'npm-ffmpeg',
        prompt: 'A lighthouse on a stormy coast',
        seed: 7,
        aspectRatio: '16:9',
        negativePrompt: null,
        startImage: null,
        modelId: 'kadr-motion-v1',
        durationSeconds: 1,
        width: 320,
        height: 180,
        quality: 'Lite',
        speed: 'Ultra Fast',
      },
      { workDir, onProgress: (p) => progress.push(p), signal: new AbortController().signal },
    );
    expect(progress.length).toBeGreaterThan(0);

    // The worker's own output check, on the npm ffmpeg.
    const inspection = await new FfmpegInspector({
      ffmpeg: binaries.ffmpeg.path,
      ffprobe: binaries.ffprobe.path,
    }).inspect(videoPath, path.join(workDir, 'thumbnail.jpg'));
    expect(inspection).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 320, height: 180 });
    expect(Math.abs(inspection.durationSeconds - 1)).toBeLessThanOrEqual(0.1);
    expect(inspection.blackSeconds).toBeLessThan(0.5);
  }, 30_000);

  it('starts a video on a start image, and checks start images (JPEG, PNG, WebP), with the npm ffmpeg 4.1 too', async () => {
    const binaries = resolveFfmpegBinaries({}, { pathEnv: path.join(dir, 'empty-path') });
    const workDir = path.join(dir, 'image-work');
    await mkdir(workDir);
    // Pictures made by the system ffmpeg (the test machine has it); the npm one must read and animate them.
    const images: Record<string, string> = {};
    for (const extension of ['png', 'jpg', 'webp']) {
      images[extension] = path.join(dir, `start.${extension}`);
      await run('ffmpeg', [
        '-hide_banner',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=s=640x360',
        '-frames:v',
        '1',
        images[extension],
      ]);
    }
    const inspector = new FfmpegImageInspector(binaries.ffmpeg.path);
    for (const file of Object.values(images)) expect(await inspector.decodes(await readFile(file))).toBe(true);

    const provider = new LocalVideoProvider({ ffmpegPath: binaries.ffmpeg.path, fontFile: npmPackageFont() });
    const { videoPath } = await provider.generate(
      {
        jobId: 'npm-ffmpeg-image',
        prompt: 'A push-in over the test card',
        seed: 7,
        aspectRatio: '9:16',
        negativePrompt: null,
        startImage: { path: images.png!, url: () => Promise.reject(new Error('unused')) },
        modelId: 'kadr-motion-v1',
        durationSeconds: 1,
        width: 180,
        height: 320,
        quality: 'Lite',
        speed: 'Ultra Fast',
      },
      { workDir, onProgress: () => undefined, signal: new AbortController().signal },
    );
    const inspection = await new FfmpegInspector({
      ffmpeg: binaries.ffmpeg.path,
      ffprobe: binaries.ffprobe.path,
    }).inspect(videoPath, path.join(workDir, 'thumbnail.jpg'));
    expect(inspection).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 180, height: 320 });
    expect(Math.abs(inspection.durationSeconds - 1)).toBeLessThanOrEqual(0.1);
  }, 60_000);
});
