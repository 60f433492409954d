/**
 * Issue 21, upscale: the quote, the refusals, the new job of kind `upscale` through the same saga (one job and one
 * hold per Idempotency-Key), a REAL upscale of a locally rendered MP4 checked with ffprobe, and a failed upscale's
 * hold released.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import request from 'supertest';
import { JobKind, JobProgressKind, JobResponseSchema, UpscaleQuoteResponseSchema, type JobView } from '@kadr/contracts';
import { aJob } from './helpers/a-job';
import { startRig, submitJob, userToken, waitFor, type Rig } from './helpers/test-rig';

const run = promisify(execFile);

const PORTRAIT = {
  prompt: 'a lighthouse at dusk',
  modelId: 'kadr-motion-v1',
  duration: 5,
  quality: 'Standard',
  speed: 'Ultra Fast',
  aspectRatio: '9:16',
  seed: 7,
};

const OUTPUT = {
  videoKey: 'users/x/jobs/x/video.mp4',
  thumbnailKey: 'users/x/jobs/x/thumbnail.jpg',
  contentType: 'video/mp4',
  durationSeconds: 5,
  width: 854,
  height: 480,
  sizeBytes: 1000,
};

describe('upscale (API + worker, local renderer and ffmpeg)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(() => rig.close());

  const bearer = async (userId: string) => `Bearer ${await userToken(userId)}`;
  const quote = async (userId: string, jobId: string) =>
    request(rig.api.url)
      .get(`/jobs/${jobId}/upscale`)
      .set('authorization', await bearer(userId));
  const upscale = async (userId: string, jobId: string, key: string = randomUUID()) =>
    request(rig.api.url)
      .post(`/jobs/${jobId}/upscale`)
      .set('authorization', await bearer(userId))
      .set('idempotency-key', key);
  const finished = async (userId: string, jobId: string, timeoutMs = 90_000): Promise<JobView> => {
    const token = await bearer(userId);
    return waitFor(
      async () => {
        const { body } = await request(rig.api.url).get(`/jobs/${jobId}`).set('authorization', token);
        const job = JobResponseSchema.parse(body).data;
        return job.status === 'COMPLETED' || job.status === 'FAILED' ? job : undefined;
      },
      timeoutMs,
      `job ${jobId} to finish`,
    );
  };
  /** A finished job stored as it is (no render): for the refusals. */
  const stored = async (userId: string, overrides: Parameters<typeof aJob>[0]) => {
    const { job } = await rig.api.adapters.jobs.insert(
      aJob({ userId, status: 'COMPLETED', output: OUTPUT, completedAt: new Date(), ...overrides }),
    );
    return job;
  };

  it('upscales a real 9:16 720×1280 render to 1080×1920 (ffprobe), one job and one hold for a replayed key, captured', async () => {
    rig.commerce.give('owner', 100, '1080p');
    const sourceId = await submitJob(rig.api.url, 'owner', PORTRAIT);
    const source = await finished('owner', sourceId);
    expect(source).toMatchObject({ status: 'COMPLETED', kind: 'generate', output: { width: 720, height: 1280 } });

    // The quote: Pro in the same shape, priced by the rule (1 credit/s × 5 s × Pro 2 × Ultra Fast 1.5 = 15).
    const offered = await quote('owner', sourceId);
    expect(offered.status).toBe(200);
    expect(UpscaleQuoteResponseSchema.parse(offered.body).data).toEqual({
      sourceJobId: sourceId,
      available: true,
      refusal: null,
      detail: null,
      quality: 'Pro',
      width: 1080,
      height: 1920,
      resolution: '1080p',
      cost: 15,
      maxResolution: '1080p',
      requiredPlan: null,
    });

    // The same Idempotency-Key five times at once (a retry, a replay): one job, one hold.
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => upscale('owner', sourceId, key)));
    for (const answer of answers) expect(answer.status).toBe(202);
    const ids = new Set(answers.map((answer) => answer.body.id as string));
    expect(ids.size).toBe(1);
    const [upscaleId] = [...ids] as [string];
    expect(answers[0]!.body).toMatchObject({ cost: 15 });
    const account = rig.commerce.account('owner');
    expect(rig.commerce.holdsOf(account, upscaleId)).toHaveLength(1);
    expect(rig.commerce.holdsOf(account, upscaleId)[0]![1]).toMatchObject({ amount: 15, resolution: '1080p' });

    const done = await finished('owner', upscaleId, 120_000);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      kind: 'upscale',
      sourceJobId: sourceId,
      prompt: PORTRAIT.prompt,
      modelId: PORTRAIT.modelId,
      seed: 7,
      aspectRatio: '9:16',
      quality: 'Pro',
      duration: 5,
      width: 1080,
      height: 1920,
      output: { width: 1080, height: 1920, contentType: 'video/mp4' },
    });
    expect(done.output?.videoKey).toBe(`users/owner/jobs/${upscaleId}/video.mp4`);

    // The stored video, read back and checked with ffprobe: 1080×1920 H.264, the source's length.
    const file = path.join(rig.dataDir, 'upscaled.mp4');
    const read = await rig.api.adapters.blobStore.get(done.output!.videoKey);
    await pipeline(read.body, createWriteStream(file));
    const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file]);
    const stream = (JSON.parse(stdout) as { streams: Record<string, string | number>[] }).streams[0]!;
    expect(stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 1080, height: 1920 });
    expect(Math.abs(Number(stream.duration) - source.output!.durationSeconds)).toBeLessThan(0.1);
    expect(await rig.api.adapters.blobStore.head(done.output!.thumbnailKey)).not.toBeNull();

    // Its events: job.created says what it is; live progress; the hold captured once.
    const created = rig.events.find((e) => e.payload.case === 'jobCreated' && e.payload.value.jobId === upscaleId);
    expect(created?.payload.value).toMatchObject({ kind: JobKind.UPSCALE, sourceJobId: sourceId, width: 1080 });
    const progress = rig.events.filter(
      (e) =>
        e.payload.case === 'jobProgress' &&
        e.payload.value.jobId === upscaleId &&
        e.payload.value.kind === JobProgressKind.PROGRESS,
    );
    expect(progress.length).toBeGreaterThan(0);
    await waitFor(() => rig.commerce.holdsOf(account, upscaleId)[0]?.[1].state === 'captured', 10_000, 'capture');

    // The same key again afterwards answers the same job; nothing more is held.
    const replay = await upscale('owner', sourceId, key);
    expect(replay.status).toBe(202);
    expect(replay.body.id).toBe(upscaleId);
    expect(rig.commerce.holdsOf(account, upscaleId)).toHaveLength(1);

    // 1080×1920 is the 1080p plan's cap: the next step (2160×3840) is refused, with the plan that lifts it.
    const capped = UpscaleQuoteResponseSchema.parse((await quote('owner', upscaleId)).body).data;
    expect(capped).toMatchObject({
      available: false,
      refusal: 'plan_cap',
      quality: 'Ultra',
      requiredPlan: 'enterprise',
    });
    const refused = await upscale('owner', upscaleId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      type: '/problems/tier_cap',
      maxResolution: '1080p',
      requiredPlan: 'enterprise',
    });
  }, 240_000);

  it('fails an upscale whose source video is gone, and its hold is released', async () => {
    rig.commerce.give('unlucky', 100, '720p');
    const source = await stored('unlucky', { output: { ...OUTPUT, videoKey: 'users/unlucky/jobs/gone/video.mp4' } });
    const answer = await upscale('unlucky', source.id);
    expect(answer.status).toBe(202);
    const done = await finished('unlucky', answer.body.id as string);
    expect(done).toMatchObject({ status: 'FAILED', kind: 'upscale', errorCode: 'unknown' });
    const account = rig.commerce.account('unlucky');
    await waitFor(
      () => rig.commerce.holdsOf(account, done.id)[0]?.[1].state === 'released',
      10_000,
      'the hold released',
    );
    expect(account.held).toBe(0);
    expect(account.balance).toBe(100);
  }, 60_000);

  it('refuses a video at the top, one not finished, and anyone else’s, missing or deleted (404 like a missing one)', async () => {
    rig.commerce.give('refusals', 100, '2160p');
    const top = await stored('refusals', { quality: 'Ultra', width: 3840, height: 2160 });
    expect(UpscaleQuoteResponseSchema.parse((await quote('refusals', top.id)).body).data).toMatchObject({
      available: false,
      refusal: 'top',
      quality: null,
      cost: null,
    });
    const atTop = await upscale('refusals', top.id);
    expect(atTop.status).toBe(409);
    expect(atTop.body).toMatchObject({
      type: '/problems/conflict',
      detail: 'This video is already at the highest resolution.',
    });

    const failed = await stored('refusals', { status: 'FAILED', output: null });
    expect(UpscaleQuoteResponseSchema.parse((await quote('refusals', failed.id)).body).data).toMatchObject({
      available: false,
      refusal: 'not_finished',
    });
    expect((await upscale('refusals', failed.id)).status).toBe(409);

    const deleted = await stored('refusals', { deletedAt: new Date() });
    const theirs = await stored('someone-else', {});
    for (const id of [deleted.id, theirs.id, 'no-such-job']) {
      const read = await quote('refusals', id);
      const made = await upscale('refusals', id);
      expect([read.status, made.status]).toEqual([404, 404]);
      expect(made.body).toMatchObject({ type: '/problems/not_found', detail: 'There is no such video.' });
    }
    // Without an Idempotency-Key: 400 naming it, nothing held.
    const keyless = await request(rig.api.url)
      .post(`/jobs/${top.id}/upscale`)
      .set('authorization', await bearer('refusals'));
    expect(keyless.status).toBe(400);
    expect(Object.keys(keyless.body.errors as object)).toEqual(['Idempotency-Key']);
    expect(rig.commerce.account('refusals').held).toBe(0);
  });

  it('says in the catalogue what upscaling offers', async () => {
    const { body } = await request(rig.api.url)
      .get('/ai-models')
      .set('authorization', await bearer('catalogue'));
    expect(body.upscale).toMatchObject({
      available: true,
      ladder: ['Lite', 'Standard', 'Pro', 'Ultra'],
      filter: 'scale=W:H:flags=lanczos',
      price: { creditsPerSecond: 1 },
    });
  });
});
