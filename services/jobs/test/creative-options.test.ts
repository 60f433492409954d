/** Issue 21: frame shape, seed and negative prompt through `POST /jobs`, the store, the view and `job.created`. */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AspectRatio, JobResponseSchema, SEED_MAX } from '@kadr/contracts';
import { startRig, submitJob, userToken, waitFor, type Rig } from './helpers/test-rig';

const LITE = { prompt: 'a quiet forest', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };

describe('creative options of POST /jobs (HTTP, without a worker)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig({ worker: false });
  });
  afterAll(() => rig.close());

  const as = async (userId: string) => `Bearer ${await userToken(userId)}`;
  const create = async (userId: string, body: object) =>
    request(rig.api.url)
      .post('/jobs')
      .set('authorization', await as(userId))
      .set('idempotency-key', randomUUID())
      .send(body);
  const read = async (userId: string, id: string) =>
    JobResponseSchema.parse(
      (
        await request(rig.api.url)
          .get(`/jobs/${id}`)
          .set('authorization', await as(userId))
      ).body,
    ).data;
  const createdEventOf = (jobId: string) =>
    rig.events.find((e) => e.payload.case === 'jobCreated' && e.payload.value.jobId === jobId)?.payload.value as
      { aspectRatio: AspectRatio; seed: number; width: number; height: number; negativePrompt: string } | undefined;

  it('lists what each model takes: shapes, seed, negative prompt', async () => {
    const { body } = await request(rig.api.url)
      .get('/ai-models')
      .set('authorization', await as('catalogue'));
    expect(body.data[0]).toMatchObject({
      id: 'kadr-motion-v1',
      aspectRatios: ['16:9', '9:16', '1:1'],
      supportsSeed: true,
      supportsNegativePrompt: false,
    });
  });

  it('stores the shape and the seed asked for: the frame follows quality × shape, the view and job.created say so', async () => {
    rig.commerce.give('shaper', 100);
    const answer = await create('shaper', { ...LITE, quality: 'Standard', aspectRatio: '9:16', seed: 4242 });
    expect(answer.status).toBe(202);
    const job = await read('shaper', answer.body.id as string);
    expect(job).toMatchObject({ aspectRatio: '9:16', width: 720, height: 1280, seed: 4242, negativePrompt: null });
    // The price does not depend on the shape: 5 s Standard Normal is 5 credits in every shape.
    expect(job.cost).toBe(5);
    expect(createdEventOf(job.id)).toMatchObject({
      aspectRatio: AspectRatio.ASPECT_RATIO_9_16,
      seed: 4242,
      width: 720,
      height: 1280,
      negativePrompt: '',
    });
  });

  it('picks a random seed when none is given and stores it (16:9 by default)', async () => {
    rig.commerce.give('random', 100);
    const seeds = new Set<number>();
    for (let i = 0; i < 3; i += 1) {
      const answer = await create('random', LITE);
      expect(answer.status).toBe(202);
      const job = await read('random', answer.body.id as string);
      expect(job).toMatchObject({ aspectRatio: '16:9', width: 854, height: 480 });
      expect(job.seed).toEqual(expect.any(Number));
      expect(job.seed).toBeGreaterThanOrEqual(0);
      expect(job.seed).toBeLessThanOrEqual(SEED_MAX);
      expect(createdEventOf(job.id)?.seed).toBe(job.seed);
      seeds.add(job.seed!);
    }
    expect(seeds.size).toBe(3);
  });

  it('refuses an option the model does not take with a 400 field error (problem+json, validation)', async () => {
    rig.commerce.give('refused', 100);
    const answer = await create('refused', { ...LITE, negativePrompt: 'blur' });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      type: '/problems/validation',
      detail: 'Please fix highlighted fields.',
      errors: { negativePrompt: 'This model does not take a negative prompt.' },
    });
    const shape = await create('refused', { ...LITE, aspectRatio: '4:3', seed: -5 });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.errors as object).sort()).toEqual(['aspectRatio', 'seed']);
    // Nothing held or stored for a refused request.
    expect(rig.commerce.account('refused')).toMatchObject({ held: 0 });
  });

  it("applies the plan's cap to the frame's long side", async () => {
    rig.commerce.give('starter', 100, '720p');
    // Pro 9:16 is 1080×1920: above a 720p cap.
    const portrait = await create('starter', { ...LITE, quality: 'Pro', aspectRatio: '9:16' });
    expect(portrait.status).toBe(403);
    expect(portrait.body.type).toBe('/problems/tier_cap');
    // Pro 1:1 is 1080×1080: its long side fits 720p's 1280, so it is a 720p generation for the plan.
    const square = await create('starter', { ...LITE, quality: 'Pro', aspectRatio: '1:1' });
    expect(square.status).toBe(202);
    const job = await read('starter', square.body.id as string);
    expect(job).toMatchObject({ width: 1080, height: 1080, aspectRatio: '1:1' });
    const account = rig.commerce.account('starter');
    expect(rig.commerce.holdsOf(account, job.id)[0]?.[1].resolution).toBe('720p');
  });
});

describe('a portrait job through the worker (local renderer)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(() => rig.close());

  it('renders the real 480×854 frame, passes the output check and completes with the seed it was given', async () => {
    rig.commerce.give('portrait', 100);
    const id = await submitJob(rig.api.url, 'portrait', {
      ...LITE,
      speed: 'Ultra Fast',
      aspectRatio: '9:16',
      seed: 77,
    });
    const token = `Bearer ${await userToken('portrait')}`;
    const done = await waitFor(
      async () => {
        const { body } = await request(rig.api.url).get(`/jobs/${id}`).set('authorization', token);
        const job = JobResponseSchema.parse(body).data;
        return job.status === 'COMPLETED' || job.status === 'FAILED' ? job : undefined;
      },
      60_000,
      'the render',
    );
    expect(done).toMatchObject({
      status: 'COMPLETED',
      aspectRatio: '9:16',
      seed: 77,
      output: { width: 480, height: 854, contentType: 'video/mp4' },
    });
  }, 90_000);
});
