import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GenerationRequest, GenerationResult } from '../../../domain/generation/video-provider';
import { inspectVideoOnce } from '../../ffmpeg/video-probe';
import { describeMp4 } from '../../mp4/mp4-description';
import { meanAbsDiff, rawRgbFrame } from '../../../../test/helpers/raw-frames';
import { LocalVideoProvider } from './local-provider';
import { textBlockOf, wrapPrompt } from './scene';

const run = promisify(execFile);

/** One decoded frame at `t` seconds (of a still image: `t` 0) as raw RGB bytes, small so comparisons are cheap. */
const frameAt = (video: string, t: number): Promise<Buffer> =>
  // Seeking an image (even to 0) leaves ffmpeg nothing to decode.
  rawRgbFrame([...(t > 0 ? ['-ss', String(t)] : []), '-i', video], '160:90');

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('local renderer (ffmpeg)', () => {
  let dir: string;
  const provider = new LocalVideoProvider({ ffmpegPath: 'ffmpeg' });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-render-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function render(prompt: string, seed: number, name: string): Promise<string> {
    return (await renderWithChecks(prompt, seed, name)).videoPath;
  }

  async function renderWithChecks(
    prompt: string,
    seed: number,
    name: string,
    frame: Pick<GenerationRequest, 'aspectRatio' | 'width' | 'height' | 'durationSeconds'> = {
      aspectRatio: '16:9',
      width: 854,
      height: 480,
      durationSeconds: 2,
    },
  ): Promise<GenerationResult> {
    const workDir = path.join(dir, name);
    await run('mkdir', ['-p', workDir]);
    const request: GenerationRequest = {
      jobId: name,
      prompt,
      seed,
      modelId: 'kadr-motion-v1',
      ...frame,
      quality: 'Lite',
      speed: 'Ultra Fast',
      negativePrompt: null,
      startImage: null,
    };
    const progress: number[] = [];
    const result = await provider.generate(request, {
      workDir,
      onProgress: (p) => progress.push(p),
      signal: new AbortController().signal,
    });
    expect(progress.length).toBeGreaterThan(0);
    return result;
  }

  it('renders H.264 yuv420p at the size and length asked, not blank; frames move; prompts and seeds decide the picture', async () => {
    const a = await render('A lighthouse on a stormy coast', 7, 'a');
    const again = await render('A lighthouse on a stormy coast', 7, 'again');
    const other = await render('Neon koi fish in a midnight pond', 7, 'other');

    const facts = await inspectVideoOnce('ffmpeg', a, path.join(dir, 'a.jpg'));
    expect(facts).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 854, height: 480 });
    expect(Math.abs(facts.durationSeconds - 2)).toBeLessThanOrEqual(0.2);
    expect(facts.blackSeconds).toBeLessThan(0.5);

    const [a05, a15, again05, again15, other05] = await Promise.all([
      frameAt(a, 0.5),
      frameAt(a, 1.5),
      frameAt(again, 0.5),
      frameAt(again, 1.5),
      frameAt(other, 0.5),
    ]);
    // Motion: the same video at two times.
    expect(meanAbsDiff(a05, a15)).toBeGreaterThan(1);
    // Deterministic: the same prompt and seed give identical frames.
    expect(md5(a05)).toBe(md5(again05));
    expect(md5(a15)).toBe(md5(again15));
    // Another prompt, another scene.
    expect(meanAbsDiff(a05, other05)).toBeGreaterThan(5);
  }, 60_000);

  it('checks the picture and cuts the thumbnail in the render itself, as the inspector finds them on the file', async () => {
    const { videoPath, pictureChecks } = await renderWithChecks('A red kite over the dunes', 3, 'checked');
    expect(pictureChecks).toBeDefined();
    const { thumbnailPath, blackSeconds } = pictureChecks!;
    expect(path.dirname(thumbnailPath)).toBe(path.join(dir, 'checked'));

    // The worker's one-pass inspection of the same file: the same black seconds, the same thumbnail.
    const inspectedThumbnail = path.join(dir, 'checked-inspected.jpg');
    const { blackSeconds: inspectedBlack, ...description } = await inspectVideoOnce(
      'ffmpeg',
      videoPath,
      inspectedThumbnail,
    );
    expect(blackSeconds).toBe(inspectedBlack);
    const [rendered, fromFile] = await Promise.all([frameAt(thumbnailPath, 0), frameAt(inspectedThumbnail, 0)]);
    expect(rendered.length).toBe(160 * 90 * 3);
    expect(meanAbsDiff(rendered, fromFile)).toBeLessThan(2); // two JPEGs of one frame (the render's is pre-encode)

    // And the file's description, read from its boxes without ffmpeg, is ffmpeg's.
    expect(await describeMp4(videoPath)).toEqual({
      ...description,
      durationSeconds: expect.closeTo(description.durationSeconds, 2) as number,
    });
  }, 60_000);

  /** Every decoded frame's MD5 (ffmpeg's framemd5 muxer), without its header lines. */
  const frameHashes = async (video: string): Promise<string[]> => {
    const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', video, '-f', 'framemd5', '-']);
    return stdout.split('\n').filter((line) => line && !line.startsWith('#'));
  };

  it('renders a portrait frame at its real size; the same prompt and seed give identical frames, another seed others (issue 21)', async () => {
    const portrait = { aspectRatio: '9:16', width: 480, height: 854, durationSeconds: 1 } as const;
    const prompt = 'A paper boat on a rainy street';
    const [first, again, otherSeed] = await Promise.all([
      renderWithChecks(prompt, 123_456, 'portrait-a', portrait),
      renderWithChecks(prompt, 123_456, 'portrait-again', portrait),
      renderWithChecks(prompt, 654_321, 'portrait-other', portrait),
    ]);
    expect(await describeMp4(first.videoPath)).toMatchObject({ width: 480, height: 854 });
    const [a = [], b, c = []] = await Promise.all([first, again, otherSeed].map((r) => frameHashes(r.videoPath)));
    expect(a).toHaveLength(24);
    // Byte-identical decoded frames, every one of them.
    expect(b).toEqual(a);
    // Another seed: another scene in every frame.
    expect(c.filter((line, i) => line === a[i])).toEqual([]);
  }, 90_000);

  it('lays the prompt out narrower on portrait and square frames', () => {
    expect(textBlockOf(1280, 720)).toEqual([30, 4]);
    expect(textBlockOf(720, 720)).toEqual([18, 5]);
    expect(textBlockOf(720, 1280)).toEqual([14, 7]);
  });

  it('wraps long prompts into at most four lines', () => {
    const lines = wrapPrompt('word '.repeat(100));
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => l.length <= 30)).toBe(true);
    expect(lines[3]).toMatch(/…$/);
  });
});
