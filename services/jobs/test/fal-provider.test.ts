/**
 * The fal adapter against a local fake of fal's queue API, following the documented requests
 * and answers: https://docs.fal.ai/documentation/model-apis/inference/queue
 * (submit `POST https://queue.fal.run/{model_id}` with `Authorization: Key …` → `request_id`,
 * `status_url`, `response_url`; `GET status_url` → `{ status: "IN_QUEUE" | "IN_PROGRESS" |
 * "COMPLETED" }`; `GET response_url` → the model output `{ video: { url, content_type, … } }`).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EgressGuard } from '../src/integrations/egress/egress-guard';
import { FalVideoProvider } from '../src/integrations/providers/fal/fal-provider';
import { probeVideo } from '../src/integrations/ffmpeg/video-probe';
import type { GenerationRequest } from '../src/domain/generation/video-provider';

const run = promisify(execFile);

describe('fal provider (against a local fake of the queue API)', () => {
  let server: http.Server;
  let base = '';
  let dir: string;
  let sample: Buffer;
  const seen: string[] = [];
  const inputs: Array<Record<string, unknown>> = [];
  let statusCalls = 0;
  let failSubmitWith = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-fal-'));
    const samplePath = path.join(dir, 'sample.mp4');
    // What fal would return: a 640×360 clip of a different length than asked.
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x360:r=25:d=4.8',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      samplePath,
    ]);
    sample = await readFile(samplePath);
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== 'Key test-key' && !req.url?.startsWith('/files/'))
        return json(401, { detail: 'Invalid key' });
      const imageToVideo = req.url === '/fal-ai/kling-video/v2.1/standard/image-to-video';
      if (req.method === 'POST' && (req.url === '/fal-ai/kling-video/v2.1/standard/text-to-video' || imageToVideo)) {
        if (failSubmitWith) return json(failSubmitWith, { detail: 'nope' });
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const input = JSON.parse(body) as {
            prompt: string;
            duration: string;
            aspect_ratio?: string;
            negative_prompt?: unknown;
            image_url?: unknown;
          };
          inputs.push({ ...input, endpoint: imageToVideo ? 'image-to-video' : 'text-to-video' });
          // image-to-video's documented input: image_url (required), no aspect_ratio (the image's shape decides).
          if (imageToVideo && (typeof input.image_url !== 'string' || input.aspect_ratio !== undefined))
            return json(422, { detail: [{ msg: 'bad input' }] });
          if (!imageToVideo && input.image_url !== undefined) return json(422, { detail: [{ msg: 'extra input' }] });
          // fal's documented input: duration "5" | "10", aspect_ratio "16:9" | "9:16" | "1:1", negative_prompt a string.
          if (
            !input.prompt ||
            !['5', '10'].includes(input.duration) ||
            (input.aspect_ratio !== undefined && !['16:9', '9:16', '1:1'].includes(input.aspect_ratio)) ||
            (input.negative_prompt !== undefined && typeof input.negative_prompt !== 'string')
          )
            return json(422, { detail: [{ msg: 'bad input' }] });
          json(200, {
            request_id: 'req-1',
            response_url: `${base}/fal-ai/kling-video/requests/req-1`,
            status_url: `${base}/fal-ai/kling-video/requests/req-1/status`,
            cancel_url: `${base}/fal-ai/kling-video/requests/req-1/cancel`,
          });
        });
        return;
      }
      if (req.url === '/fal-ai/kling-video/requests/req-1/status') {
        statusCalls += 1;
        if (statusCalls === 1)
          return json(202, {
            status: 'IN_QUEUE',
            queue_position: 0,
            response_url: `${base}/fal-ai/kling-video/requests/req-1`,
          });
        if (statusCalls === 2)
          return json(202, { status: 'IN_PROGRESS', response_url: `${base}/fal-ai/kling-video/requests/req-1` });
        return json(200, { status: 'COMPLETED', response_url: `${base}/fal-ai/kling-video/requests/req-1` });
      }
      if (req.url === '/fal-ai/kling-video/requests/req-1') {
        return json(200, {
          video: {
            url: `${base}/files/output.mp4`,
            content_type: 'video/mp4',
            file_name: 'output.mp4',
            file_size: sample.length,
          },
        });
      }
      if (req.url === '/files/output.mp4') return res.writeHead(200, { 'content-type': 'video/mp4' }).end(sample);
      json(404, { detail: 'not found' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://fal-fake.test:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  const provider = (apiKey = 'test-key') =>
    new FalVideoProvider({
      apiKey,
      queueUrl: base,
      modelId: 'fal-ai/kling-video/v2.1/standard/text-to-video',
      imageModelId: 'fal-ai/kling-video/v2.1/standard/image-to-video',
      pollIntervalMs: 10,
      ffmpegPath: 'ffmpeg',
      fps: 24,
      egress: new EgressGuard({
        allowedHosts: ['fal-fake.test'],
        resolver: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
        allowLoopbackForTests: true,
      }),
    });

  const job: GenerationRequest = {
    jobId: 'j1',
    prompt: 'a red kite over hills',
    seed: 1,
    modelId: 'fal-kling-standard',
    durationSeconds: 5,
    aspectRatio: '16:9',
    width: 854,
    height: 480,
    quality: 'Lite',
    speed: 'Ultra Fast',
    negativePrompt: null,
    startImage: null,
  };

  it('creates, polls, downloads and conforms the video to the job (854×480, 5 s)', async () => {
    const workDir = await mkdtemp(path.join(dir, 'w-'));
    const progress: number[] = [];
    const { videoPath } = await provider().generate(job, {
      workDir,
      onProgress: (p) => progress.push(p),
      signal: new AbortController().signal,
    });
    const facts = await probeVideo('ffprobe', videoPath);
    expect(facts).toMatchObject({ codec: 'h264', width: 854, height: 480 });
    expect(Math.abs(facts.durationSeconds - 5)).toBeLessThanOrEqual(0.2);
    expect(progress.length).toBeGreaterThan(1);
    expect(seen[0]).toBe('POST /fal-ai/kling-video/v2.1/standard/text-to-video Key test-key');
    expect(seen.some((line) => line.startsWith('GET /files/output.mp4'))).toBe(true);
    // No negative prompt asked: the field is left out, so fal's default applies.
    expect(inputs[0]).toEqual({
      endpoint: 'text-to-video',
      prompt: 'a red kite over hills',
      duration: '5',
      aspect_ratio: '16:9',
    });
  }, 30_000);

  it('sends the shape and the negative prompt, and conforms to the portrait frame (480×854)', async () => {
    const workDir = await mkdtemp(path.join(dir, 'w-'));
    inputs.length = 0;
    const portrait: GenerationRequest = {
      ...job,
      aspectRatio: '9:16',
      width: 480,
      height: 854,
      negativePrompt: 'text, watermark',
    };
    const { videoPath } = await provider().generate(portrait, {
      workDir,
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    expect(inputs).toEqual([
      {
        endpoint: 'text-to-video',
        prompt: 'a red kite over hills',
        duration: '5',
        aspect_ratio: '9:16',
        negative_prompt: 'text, watermark',
      },
    ]);
    expect(await probeVideo('ffprobe', videoPath)).toMatchObject({ codec: 'h264', width: 480, height: 854 });
  }, 30_000);

  it('sends a start image to the image-to-video endpoint as image_url, without aspect_ratio', async () => {
    const workDir = await mkdtemp(path.join(dir, 'w-'));
    inputs.length = 0;
    seen.length = 0;
    const fromImage: GenerationRequest = {
      ...job,
      aspectRatio: '9:16',
      width: 480,
      height: 854,
      startImage: { path: '/unused', url: () => Promise.resolve('https://media.example/start-image?signature=abc') },
    };
    const { videoPath } = await provider().generate(fromImage, {
      workDir,
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    expect(seen[0]).toBe('POST /fal-ai/kling-video/v2.1/standard/image-to-video Key test-key');
    expect(inputs).toEqual([
      {
        endpoint: 'image-to-video',
        prompt: 'a red kite over hills',
        duration: '5',
        image_url: 'https://media.example/start-image?signature=abc',
      },
    ]);
    expect(await probeVideo('ffprobe', videoPath)).toMatchObject({ codec: 'h264', width: 480, height: 854 });
  }, 30_000);

  it('maps fal errors to aiproxy_error: a refused key is permanent, a 503 is transient', async () => {
    const signal = new AbortController().signal;
    const workDir = await mkdtemp(path.join(dir, 'w-'));
    await expect(
      provider('wrong').generate(job, { workDir, onProgress: () => undefined, signal }),
    ).rejects.toMatchObject({
      reason: 'aiproxy_error',
      transient: false,
    });
    failSubmitWith = 503;
    await expect(provider().generate(job, { workDir, onProgress: () => undefined, signal })).rejects.toMatchObject({
      reason: 'aiproxy_error',
      transient: true,
    });
    failSubmitWith = 0;
  });

  it('never reaches the fake without the loopback test flag (ssrf_blocked)', async () => {
    const guarded = new FalVideoProvider({
      apiKey: 'test-key',
      queueUrl: base,
      modelId: 'm',
      imageModelId: 'm-image',
      pollIntervalMs: 10,
      ffmpegPath: 'ffmpeg',
      fps: 24,
      egress: new EgressGuard({
        allowedHosts: ['fal-fake.test'],
        resolver: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
      }),
    });
    const workDir = await mkdtemp(path.join(dir, 'w-'));
    await expect(
      guarded.generate(job, { workDir, onProgress: () => undefined, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ reason: 'ssrf_blocked' });
  });
});
