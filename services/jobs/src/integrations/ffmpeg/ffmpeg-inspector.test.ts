import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkOutput, OutputCheckError } from '../../domain/generation/output-check';
import { FfmpegInspector } from './ffmpeg-inspector';
import { runFfmpeg, type FfmpegRunOptions } from './ffmpeg-process';
import { parseInspection } from './video-probe';

const run = promisify(execFile);

/** Encodes a clip from a lavfi source with the real ffmpeg (H.264 yuv420p unless `codec` says otherwise). */
async function encode(file: string, source: string, codec: string[] = ['-c:v', 'libx264', '-preset', 'ultrafast']) {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    ...codec,
    '-pix_fmt',
    'yuv420p',
    '-an',
    file,
  ]);
}

/** The thumbnail's average colour (scaled to one pixel) as [r, g, b], and its size. */
async function still(file: string): Promise<{ rgb: number[]; size: string }> {
  const { stdout: pixel } = await run(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', file, '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer' },
  );
  const { stdout: size } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0:s=x',
    file,
  ]);
  return { rgb: [...pixel], size: size.trim() };
}

describe('the post-render checks (one ffmpeg pass: description, blackdetect, thumbnail)', () => {
  let dir: string;
  const clip = (name: string) => path.join(dir, name);
  /** The inspector on the real ffmpeg, counting the processes it starts. */
  const counted = () => {
    const runs: FfmpegRunOptions[] = [];
    const inspector = new FfmpegInspector({
      ffmpeg: 'ffmpeg',
      ffprobe: 'ffprobe',
      run: (options) => {
        runs.push(options);
        return runFfmpeg(options);
      },
    });
    return { inspector, runs };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-inspector-'));
    // Red for 1.5 s, then blue: the thumbnail must be the frame at 1.5 s.
    await encode(
      clip('good.mp4'),
      'color=c=red:s=320x180:r=24:d=1.5[a];color=c=blue:s=320x180:r=24:d=1.5[b];[a][b]concat',
    );
    await encode(clip('black.mp4'), 'color=c=black:s=320x180:r=24:d=3');
    await encode(clip('mpeg4.mp4'), 'testsrc2=s=320x240:r=24:d=3', ['-c:v', 'mpeg4']);
  }, 30_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('passes a good video in one ffmpeg process, with its facts and the 1.5 s frame as a 640×360 thumbnail', async () => {
    const { inspector, runs } = counted();
    const thumbnail = clip('good.jpg');
    const facts = await inspector.inspect(clip('good.mp4'), thumbnail);

    expect(runs).toHaveLength(1);
    expect(facts).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 320, height: 180 });
    expect(facts.durationSeconds).toBeCloseTo(3, 1);
    expect(facts.blackSeconds).toBe(0);
    expect(facts.sizeBytes).toBe((await stat(clip('good.mp4'))).size);
    expect(() => checkOutput(facts, { width: 320, height: 180, durationSeconds: 3 })).not.toThrow();

    const { rgb, size } = await still(thumbnail);
    expect(size).toBe('640x360');
    const [r, , b] = rgb as [number, number, number];
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(40);
  }, 30_000);

  it('catches a black picture, a wrong length, a wrong frame and another codec — still one process per file', async () => {
    const { inspector, runs } = counted();
    const black = await inspector.inspect(clip('black.mp4'), clip('black.jpg'));
    expect(black.blackSeconds).toBeCloseTo(3, 1);
    expect(() => checkOutput(black, { width: 320, height: 180, durationSeconds: 3 })).toThrow(
      /failed the output check: a blank \(black\) picture\./,
    );

    const good = await inspector.inspect(clip('good.mp4'), clip('good-2.jpg'));
    expect(() => checkOutput(good, { width: 320, height: 180, durationSeconds: 5 })).toThrow(/3\.00 s instead of 5 s/);
    expect(() => checkOutput(good, { width: 1280, height: 720, durationSeconds: 3 })).toThrow(
      /320×180 instead of 1280×720/,
    );

    const mpeg4 = await inspector.inspect(clip('mpeg4.mp4'), clip('mpeg4.jpg'));
    expect(() => checkOutput(mpeg4, { width: 320, height: 240, durationSeconds: 3 })).toThrow(OutputCheckError);
    expect(() => checkOutput(mpeg4, { width: 320, height: 240, durationSeconds: 3 })).toThrow(
      /codec mpeg4 instead of h264/,
    );
    // A 4:3 picture is letterboxed into the 16:9 thumbnail, not stretched.
    expect((await still(clip('mpeg4.jpg'))).size).toBe('640x360');

    expect(runs).toHaveLength(3);
  }, 30_000);

  it('describes a file from its boxes without starting ffmpeg, as ffmpeg describes it', async () => {
    const { inspector, runs } = counted();
    const described = await inspector.describe(clip('good.mp4'));
    const { blackSeconds: _, ...inspected } = await inspector.inspect(clip('good.mp4'), clip('good-3.jpg'));
    expect(described).toEqual({
      ...inspected,
      durationSeconds: expect.closeTo(inspected.durationSeconds, 2) as number,
    });
    expect(runs).toHaveLength(1); // the inspection's; describing started none

    // Another codec is named as such, and the output check refuses it.
    const mpeg4 = { ...(await inspector.describe(clip('mpeg4.mp4'))), blackSeconds: 0 };
    expect(mpeg4.codec).not.toBe('h264');
    expect(() => checkOutput(mpeg4, { width: 320, height: 240, durationSeconds: 3 })).toThrow(/instead of h264/);
  }, 30_000);

  it('refuses to describe a file that is not an MP4, or is not there', async () => {
    const { inspector } = counted();
    const notVideo = clip('not-a-video.mp4');
    await writeFile(notVideo, 'just some text, not a movie');
    await expect(inspector.describe(notVideo)).rejects.toThrow(/no video stream|not a readable MP4/);
    await expect(inspector.describe(path.join(dir, 'missing.mp4'))).rejects.toThrow(/ENOENT/);
  });

  it('fails on a file that is not a video', async () => {
    const { inspector } = counted();
    await expect(inspector.inspect(path.join(dir, 'missing.mp4'), clip('missing.jpg'))).rejects.toThrow();
  }, 30_000);

  it('reads the input description however ffmpeg words the pixel format, ignoring the outputs', () => {
    const log = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'video.mp4':",
      '  Duration: 00:01:02.50, start: 0.000000, bitrate: 785 kb/s',
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709, progressive), 3840x2160 [SAR 1:1 DAR 16:9], 781 kb/s, 24 fps',
      'Stream mapping:',
      "Output #0, null, to 'pipe:':",
      '  Stream #0:0: Video: wrapped_avframe, yuv444p, 16x16, q=2-31, 200 kb/s, 24 fps, 24 tbn',
      '[blackdetect @ 0x55] black_start:0 black_end:0.5 black_duration:0.5',
      '[blackdetect @ 0x55] black_start:60 black_end:62.5 black_duration:2.5',
    ].join('\n');
    expect(parseInspection(log)).toEqual({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 3840,
      height: 2160,
      durationSeconds: 62.5,
      blackSeconds: 3,
    });
    expect(() => parseInspection("Input #0, wav, from 'a.wav':\n  Stream #0:0: Audio: pcm_s16le, 44100 Hz")).toThrow(
      /no video stream/,
    );
  });
});
