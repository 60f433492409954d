import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  AdminJobDetailResponseSchema,
  AdminJobListResponseSchema,
  AiModelsResponseSchema,
  GroupedAiModelsResponseSchema,
  JobListResponseSchema,
  encodeEvent,
  timestampFromDate,
} from '@kadr/contracts';
import { mintInternalToken } from '@kadr/http-kit';
import { KEYS, startRig, userToken, waitFor, type Rig } from './helpers/test-rig';

const LITE = { prompt: 'a quiet forest', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };

describe('jobs API (HTTP, without a worker)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig({ worker: false });
  });
  afterAll(() => rig.close());

  const as = async (userId: string, roles?: string[]) => `Bearer ${await userToken(userId, roles)}`;
  const create = async (userId: string, body: unknown, key: string = randomUUID()) =>
    request(rig.api.url)
      .post('/jobs')
      .set('authorization', await as(userId))
      .set('idempotency-key', key)
      .send(body as object);

  it('refuses calls without a valid internal token (401)', async () => {
    expect((await request(rig.api.url).get('/ai-models')).status).toBe(401);
    const wrongAudience = await mintInternalToken(
      { kind: 'user', userId: 'u', roles: [] },
      { keys: KEYS, audience: 'commerce' },
    );
    expect((await request(rig.api.url).get('/ai-models').set('authorization', `Bearer ${wrongAudience}`)).status).toBe(
      401,
    );
  });

  it('lists the models of available providers only, with the price rule, flat and grouped', async () => {
    const flat = await request(rig.api.url)
      .get('/ai-models')
      .set('authorization', await as('u1'));
    const { data } = AiModelsResponseSchema.parse(flat.body);
    expect(data.map((m) => m.id)).toEqual(['kadr-motion-v1']);
    expect(data[0]).toMatchObject({
      provider: 'local',
      durations: [5, 10, 15],
      maxResolution: '2160p',
      resolutionByQuality: { Lite: '480p', Standard: '720p', Pro: '1080p', Ultra: '2160p' },
      price: { creditsPerSecond: 1, rounding: 'up' },
    });
    const grouped = await request(rig.api.url)
      .get('/api/ai-models/grouped')
      .set('authorization', await as('u1'));
    expect(GroupedAiModelsResponseSchema.parse(grouped.body).data).toEqual([{ provider: 'local', models: data }]);
  });

  it('keeps the preferred provider per user and refuses unknown providers', async () => {
    const auth = await as('settings-user');
    expect((await request(rig.api.url).get('/api/settings/ai-provider').set('authorization', auth)).body).toEqual({
      provider: 'local',
    });
    const bad = await request(rig.api.url)
      .put('/api/settings/ai-provider')
      .set('authorization', auth)
      .send({ provider: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: '/problems/validation', errors: { provider: expect.any(String) } });
    const ok = await request(rig.api.url)
      .put('/api/settings/ai-provider')
      .set('authorization', auth)
      .send({ provider: 'local' });
    expect(ok.body).toEqual({ provider: 'local' });
  });

  it('validates every field with an errors map and "Please fix highlighted fields."', async () => {
    const answer = await create('v-user', { prompt: '   ', modelId: '', duration: 7, quality: 'Max', speed: 'Warp' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: '/problems/validation', detail: 'Please fix highlighted fields.' });
    expect(Object.keys(answer.body.errors as object).sort()).toEqual([
      'duration',
      'modelId',
      'prompt',
      'quality',
      'speed',
    ]);
    const control = await create('v-user', { ...LITE, prompt: 'bell\u0007' });
    expect(control.body.errors).toEqual({ prompt: 'The prompt must not contain control characters.' });
    const long = await create('v-user', { ...LITE, prompt: 'x'.repeat(1001) });
    expect(long.body.errors.prompt).toMatch(/1000/);
    expect((await create('v-user', { ...LITE, prompt: ` ${'x'.repeat(1000)} ` })).status).not.toBe(400);
    const unknownModel = await create('v-user', { ...LITE, modelId: 'fal-kling-standard' });
    expect(unknownModel.body.errors).toEqual({ modelId: 'This model is not available.' });
  });

  it('answers 403 tier_cap naming the cap and the plan that lifts it', async () => {
    rig.commerce.give('capped', 500, '720p');
    const answer = await create('capped', { ...LITE, quality: 'Pro' });
    expect(answer.status).toBe(403);
    expect(answer.body.type).toBe('/problems/tier_cap');
    expect(answer.body.detail).toContain('720p');
    expect(answer.body.detail).toContain('Pro plan');
  });

  it('answers 402 insufficient_credits and leaves nothing held or stored', async () => {
    rig.commerce.give('poor', 1);
    const key = randomUUID();
    const answer = await create('poor', { ...LITE, duration: 15, quality: 'Standard' }, key);
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ type: '/problems/insufficient_credits', title: 'Insufficient credits' });
    expect(rig.commerce.account('poor')).toMatchObject({ held: 0, balance: 1 });
    expect(
      (
        await request(rig.api.url)
          .get('/jobs/recent')
          .set('authorization', await as('poor'))
      ).body.items,
    ).toEqual([]);
    // After buying credits, the same key goes through.
    rig.commerce.give('poor', 100);
    expect((await create('poor', { ...LITE, duration: 15, quality: 'Standard' }, key)).status).toBe(202);
  });

  it('shows jobs only to their owner (404 otherwise), active and recent newest first', async () => {
    rig.commerce.give('owner', 100);
    const first = await create('owner', LITE);
    const second = await create('owner', { ...LITE, prompt: 'second' });
    expect(second.body).toMatchObject({ status: 'PENDING', progress: 0, cost: 3 });
    const active = await request(rig.api.url)
      .get('/jobs/active?take=20')
      .set('authorization', await as('owner'));
    const items = JobListResponseSchema.parse(active.body).items;
    expect(items.map((j) => j.id)).toEqual([second.body.id, first.body.id]);
    expect(
      (
        await request(rig.api.url)
          .get(`/jobs/${first.body.id as string}`)
          .set('authorization', await as('owner'))
      ).status,
    ).toBe(200);
    const stranger = await request(rig.api.url)
      .get(`/jobs/${first.body.id as string}`)
      .set('authorization', await as('stranger'));
    expect(stranger.status).toBe(404);
    expect(
      (
        await request(rig.api.url)
          .get('/jobs/active?take=0')
          .set('authorization', await as('owner'))
      ).status,
    ).toBe(400);
  });

  it('pages through the history with skip and take, newest first, the owner’s jobs only', async () => {
    rig.commerce.give('historian', 100);
    const ids: string[] = [];
    // Three: the active-jobs cap (none of them is rendered here).
    for (const prompt of ['one', 'two', 'three']) {
      const created = await create('historian', { ...LITE, prompt });
      expect(created.status).toBe(202);
      ids.unshift(created.body.id as string);
    }
    await create('someone-else', LITE);
    const page = async (query: string) =>
      JobListResponseSchema.parse(
        (
          await request(rig.api.url)
            .get(`/jobs/recent?${query}`)
            .set('authorization', await as('historian'))
        ).body,
      ).items.map((job) => job.id);
    expect(await page('skip=0&take=2')).toEqual(ids.slice(0, 2));
    expect(await page('skip=2&take=2')).toEqual(ids.slice(2));
    expect(await page('skip=3&take=2')).toEqual([]);
    // Without skip: the newest, as before.
    expect(await page('take=1')).toEqual(ids.slice(0, 1));
    const negative = await request(rig.api.url)
      .get('/jobs/recent?skip=-1')
      .set('authorization', await as('historian'));
    expect(negative.status).toBe(400);
  });

  describe('admin operations', () => {
    const admin = () => as('the-admin', ['user', 'admin']);

    it('refuses non-administrators (403)', async () => {
      const answer = await request(rig.api.url)
        .get('/internal/admin/users/x/jobs')
        .set('authorization', await as('plain'));
      expect(answer.status).toBe(403);
    });

    it('lists, reads with events, marks failed (hold released), requeues and deletes (job.deleted)', async () => {
      rig.commerce.give('managed', 100);
      const created = await create('managed', LITE);
      const jobId = created.body.id as string;
      const list = AdminJobListResponseSchema.parse(
        (
          await request(rig.api.url)
            .get('/internal/admin/users/managed/jobs?skip=0&take=10')
            .set('authorization', await admin())
        ).body,
      );
      expect(list).toMatchObject({
        total: 1,
        hasNext: false,
        items: [{ id: jobId, userId: 'managed', status: 'PENDING' }],
      });
      const detail = AdminJobDetailResponseSchema.parse(
        (
          await request(rig.api.url)
            .get(`/internal/admin/jobs/${jobId}`)
            .set('authorization', await admin())
        ).body,
      );
      expect(detail.data.events.map((e) => e.kind)).toEqual(['created', 'queued']);

      // Requeue of a stuck PENDING job keeps the open hold and publishes job.created again.
      const requeued = await request(rig.api.url)
        .post(`/internal/admin/jobs/${jobId}/requeue`)
        .set('authorization', await admin());
      expect(requeued.body.data).toMatchObject({ status: 'PENDING' });
      await waitFor(
        () => rig.events.filter((e) => e.payload.case === 'jobCreated' && e.payload.value.jobId === jobId).length === 2,
      );

      const failed = await request(rig.api.url)
        .post(`/internal/admin/jobs/${jobId}/mark-failed`)
        .set('authorization', await admin())
        .send({ reason: 'stuck' });
      expect(failed.body.data).toMatchObject({ status: 'FAILED', errorCode: 'unknown' });
      // The catalogue reason is `unknown`; the kind tells the user's receipt it was the administrator.
      await waitFor(() =>
        rig.events.some(
          (e) =>
            e.payload.case === 'jobProgress' &&
            e.payload.value.jobId === jobId &&
            e.payload.value.failureKind === 'marked_failed',
        ),
      );
      await waitFor(() => rig.commerce.account('managed').holds.get(jobId)?.state === 'released');
      // A FAILED job is requeued with a new hold (generation 2); generation 1 stays released.
      const again = await request(rig.api.url)
        .post(`/internal/admin/jobs/${jobId}/requeue`)
        .set('authorization', await admin());
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ status: 'PENDING' });
      expect(rig.commerce.account('managed').holds.get(`${jobId}#2`)).toMatchObject({ state: 'held' });
      expect(rig.commerce.account('managed').holds.get(jobId)).toMatchObject({ state: 'released' });
      expect((await rig.api.adapters.jobs.findById(jobId))?.holdGeneration).toBe(2);

      const deleted = await request(rig.api.url)
        .delete(`/internal/admin/jobs/${jobId}?force=true`)
        .set('authorization', await admin());
      expect(deleted.body).toEqual({ data: { id: jobId, deleted: true } });
      await waitFor(() => rig.events.some((e) => e.payload.case === 'jobDeleted' && e.payload.value.jobId === jobId));
      expect(
        (
          await request(rig.api.url)
            .get(`/internal/admin/jobs/${jobId}`)
            .set('authorization', await admin())
        ).status,
      ).toBe(404);
      expect(await waitFor(async () => (await rig.api.adapters.jobs.findById(jobId)) === null)).toBe(true);
    });

    it('refuses to delete a processing job without force (409)', async () => {
      rig.commerce.give('busy', 100);
      const jobId = (await create('busy', LITE)).body.id as string;
      await rig.api.adapters.jobs.update(jobId, { status: ['PENDING'] }, { set: { status: 'PROCESSING', attempt: 1 } });
      expect(
        (
          await request(rig.api.url)
            .delete(`/internal/admin/jobs/${jobId}`)
            .set('authorization', await admin())
        ).status,
      ).toBe(409);
      expect(
        (
          await request(rig.api.url)
            .delete(`/internal/admin/jobs/${jobId}?force=true`)
            .set('authorization', await admin())
        ).status,
      ).toBe(200);
      await waitFor(() => rig.commerce.account('busy').holds.get(jobId)?.state === 'released');
    });
  });

  it('purges a deleted user: every job gets job.deleted, then user.purged', async () => {
    rig.commerce.give('leaving', 100);
    const ids = [(await create('leaving', LITE)).body.id as string, (await create('leaving', LITE)).body.id as string];
    const event = encodeEvent(
      {
        case: 'userDeleted',
        value: { userId: 'leaving', requestedBy: 'the-admin', purge: true, requestedAt: timestampFromDate(new Date()) },
      },
      { producer: 'admin', correlationId: randomUUID() },
    );
    await rig.bus.publish(event.topic, [event]);
    await waitFor(() =>
      rig.events.some((e) => e.payload.case === 'userPurged' && e.payload.value.userId === 'leaving'),
    );
    await waitFor(() =>
      ids.every((id) => rig.events.some((e) => e.payload.case === 'jobDeleted' && e.payload.value.jobId === id)),
    );
    expect(
      (
        await request(rig.api.url)
          .get('/jobs/recent')
          .set('authorization', await as('leaving'))
      ).body.items,
    ).toEqual([]);
    await waitFor(() => rig.commerce.account('leaving').held === 0);
  });
});
