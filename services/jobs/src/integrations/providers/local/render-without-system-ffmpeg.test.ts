import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../ffmpeg/ffmpeg-binaries';
import { FfmpegInspector } from '../../ffmpeg/ffmpeg-inspector';
import { npmPackageFont } from './font-file';
import { LocalVideoProvider } from './local-provider';

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
});
