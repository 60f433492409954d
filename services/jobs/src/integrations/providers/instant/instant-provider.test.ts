import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AI_MODEL_IDS } from '@kadr/contracts';
import { jobsConfigSchema } from '../../../config';
import { checkOutput } from '../../../domain/generation/output-check';
import { buildProviderRegistry } from '../provider-registry-of';
import { FfmpegInspector } from '../../ffmpeg/ffmpeg-inspector';
import { InstantVideoProvider } from './instant-provider';

const base = { INTERNAL_TOKEN_SECRET: 'x'.repeat(32) };

describe('the instant test renderer (JOBS_RENDERER=instant)', () => {
  let workDir: string;
  beforeEach(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-instant-'));
  });
  afterEach(() => rm(workDir, { recursive: true, force: true }));

  it('makes a clip that passes the output check the worker applies to every render', async () => {
    const provider = new InstantVideoProvider('local', { ffmpegPath: 'ffmpeg' });
    const wanted = { width: 1280, height: 720, durationSeconds: 15 };
    const progress: number[] = [];
    const { videoPath } = await provider.generate(
      {
        jobId: 'j-1',
        prompt: 'a fox',
        seed: 7,
        aspectRatio: '16:9',
        negativePrompt: null,
        startImage: null,
        modelId: 'kadr-motion-v1',
        quality: 'Standard',
        speed: 'Normal',
        ...wanted,
      },
      { workDir, onProgress: (percent) => progress.push(percent), signal: new AbortController().signal },
    );
    const facts = await new FfmpegInspector({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }).inspect(
      videoPath,
      path.join(workDir, 'thumbnail.jpg'),
    );
    expect(() => checkOutput(facts, wanted)).not.toThrow();
    expect(progress.at(-1)).toBe(99);
  }, 30_000);

  it('with a render time (JOBS_INSTANT_RENDER_MS) stays in progress until aborted, like a real render', async () => {
    const provider = new InstantVideoProvider('local', { ffmpegPath: 'ffmpeg', renderMs: 60_000 });
    const controller = new AbortController();
    const progress: number[] = [];
    const render = provider.generate(
      {
        jobId: 'j-2',
        prompt: 'a slow fox',
        seed: 8,
        aspectRatio: '16:9',
        negativePrompt: null,
        startImage: null,
        modelId: 'kadr-motion-v1',
        quality: 'Lite',
        speed: 'Normal',
        width: 854,
        height: 480,
        durationSeconds: 5,
      },
      { workDir, onProgress: (percent) => progress.push(percent), signal: controller.signal },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(progress).toEqual([10]);
    controller.abort();
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([10]);
    expect(jobsConfigSchema.parse({ ...base, JOBS_INSTANT_RENDER_MS: '400' }).JOBS_INSTANT_RENDER_MS).toBe(400);
  });

  it('stands in for every provider, so every model of the catalogue is offered', async () => {
    const config = jobsConfigSchema.parse({ ...base, NODE_ENV: 'test', JOBS_RENDERER: 'instant' });
    const models = await buildProviderRegistry(config).availableModels();
    expect(models.map((model) => model.id).sort()).toEqual([...AI_MODEL_IDS].sort());
  });

  it('is refused in production, and off by default', () => {
    expect(jobsConfigSchema.safeParse({ ...base, NODE_ENV: 'production', JOBS_RENDERER: 'instant' }).success).toBe(
      false,
    );
    expect(jobsConfigSchema.parse({ ...base, NODE_ENV: 'test' }).JOBS_RENDERER).toBe('real');
  });
});
