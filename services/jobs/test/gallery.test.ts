/**
 * The gallery people manage (issue 21), served by the jobs service: search by prompt words, filters by
 * status, model and creation range, sort, paging by 12, server-side stars, and deleting one's own video
 * through the administrator's `job.deleted` path. Someone else's job is a 404; every bad parameter a 400.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { GalleryPageResponse } from '@kadr/contracts';
import type { Job } from '../src/domain/jobs/job';
import { aJob } from './helpers/a-job';
import { startRig, userToken, type Rig } from './helpers/test-rig';

describe('the gallery [memory]', () => {
  let rig: Rig;

  beforeAll(async () => {
    rig = await startRig({ worker: false });
  }, 60_000);
  afterAll(() => rig.close());

  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
  const as = async (userId: string) => `Bearer ${await userToken(userId)}`;
  const gallery = async (userId: string, query: Record<string, string> = {}) =>
    request(rig.api.url)
      .get('/jobs/gallery')
      .query(query)
      .set('authorization', await as(userId));
  const ids = (res: { body: GalleryPageResponse }) => res.body.data.map((item) => item.jobId);
  async function store(...jobs: Job[]): Promise<string[]> {
    for (const job of jobs) await rig.api.adapters.jobs.insert(job);
    return jobs.map((job) => job.id);
  }
  const deletedEvents = (jobId: string) =>
    rig.events.filter((e) => e.payload.case === 'jobDeleted' && e.payload.value.jobId === jobId);

  it('lists the user’s jobs of every status newest first, 12 a page, with the count of everything found', async () => {
    const userId = `u-${randomUUID()}`;
    const statuses = ['COMPLETED', 'FAILED', 'PENDING', 'PROCESSING', 'CANCELLED'] as const;
    const all = await store(
      ...Array.from({ length: 14 }, (_, i) => aJob({ userId, createdAt: at(i), status: statuses[i % 5] })),
    );
    await store(aJob({ userId: `u-${randomUUID()}`, createdAt: at(30) }));
    const first = await gallery(userId);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(ids(first)).toEqual([...all].reverse().slice(0, 12));
    expect(first.body.pagination).toEqual({ page: 1, limit: 12, total: 14, hasNext: true });
    const second = await gallery(userId, { page: '2' });
    expect(ids(second)).toEqual([all[1], all[0]]);
    expect(second.body.pagination.hasNext).toBe(false);
    const oldest = await gallery(userId, { sort: 'oldest', limit: '3' });
    expect(ids(oldest)).toEqual(all.slice(0, 3));
    expect(first.body.data[0]).toMatchObject({
      id: all[13],
      status: 'PROCESSING',
      url: `/video/${all[13]}`,
      thumbnailUrl: `/thumbs/${all[13]}`,
      favourite: false,
      prompt: 'a prompt',
      modelId: 'kadr-motion-v1',
    });
  });

  it('searches words of the prompt in any letter case, and filters by status, model and date range', async () => {
    const userId = `u-${randomUUID()}`;
    const [fox, sky, blue, cat] = await store(
      aJob({ userId, createdAt: at(0), prompt: 'A red Fox', status: 'COMPLETED' }),
      aJob({ userId, createdAt: at(1), prompt: 'RED sky', status: 'FAILED', modelId: 'fal-kling-standard' }),
      aJob({ userId, createdAt: at(2), prompt: 'blue fox', status: 'PENDING' }),
      aJob({ userId, createdAt: at(3), prompt: 'Żółty kot', status: 'PROCESSING' }),
    );
    expect(ids(await gallery(userId, { q: 'red' }))).toEqual([sky, fox]);
    expect(ids(await gallery(userId, { q: '  FOX   red ' }))).toEqual([fox]);
    expect(ids(await gallery(userId, { q: 'ŻÓŁTY' }))).toEqual([cat]);
    expect(ids(await gallery(userId, { status: 'COMPLETED,PENDING' }))).toEqual([blue, fox]);
    expect(ids(await gallery(userId, { model: 'fal-kling-standard' }))).toEqual([sky]);
    expect(ids(await gallery(userId, { aspect: '16:9' }))).toHaveLength(4);
    expect(ids(await gallery(userId, { aspect: '9:16' }))).toEqual([]);
    const range = await gallery(userId, { from: at(1).toISOString(), to: at(3).toISOString() });
    expect(ids(range)).toEqual([blue, sky]);
    expect(range.body.pagination.total).toBe(2);
    // An empty search and an empty status list are "not given"; `from` at or after `to` is an empty range.
    expect(ids(await gallery(userId, { q: '', status: '' }))).toHaveLength(4);
    expect(ids(await gallery(userId, { from: at(3).toISOString(), to: at(1).toISOString() }))).toEqual([]);
  });

  it('stars and unstars idempotently (PUT / DELETE), filters by favourites; someone else’s job is a 404', async () => {
    const userId = `u-${randomUUID()}`;
    const [a, b] = await store(aJob({ userId, createdAt: at(0) }), aJob({ userId, createdAt: at(1) }));
    const star = async (method: 'put' | 'delete', jobId: string, who = userId) => {
      const agent = request(rig.api.url);
      const call = method === 'put' ? agent.put(`/jobs/${jobId}/favourite`) : agent.delete(`/jobs/${jobId}/favourite`);
      return call.set('authorization', await as(who));
    };
    for (let i = 0; i < 2; i += 1) {
      const put = await star('put', a!);
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ data: { jobId: a, favourite: true } });
    }
    expect(ids(await gallery(userId, { favourites: 'true' }))).toEqual([a]);
    expect((await gallery(userId, { favourites: 'false' })).body.pagination.total).toBe(2);
    expect((await star('put', b!, `u-${randomUUID()}`)).status).toBe(404);
    expect((await star('put', 'no-such-job')).status).toBe(404);
    for (let i = 0; i < 2; i += 1)
      expect((await star('delete', a!)).body).toEqual({ data: { jobId: a, favourite: false } });
    expect((await gallery(userId, { favourites: 'true' })).body.pagination.total).toBe(0);
  });

  it('answers 400 validation naming every bad parameter', async () => {
    const res = await gallery(`u-${randomUUID()}`, {
      page: '0',
      limit: '49',
      status: 'DONE',
      model: 'nope',
      aspect: '4:3',
      from: 'yesterday',
      sort: 'random',
      favourites: 'yes',
      q: 'x'.repeat(201),
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.type).toBe('/problems/validation');
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['aspect', 'favourites', 'from', 'limit', 'model', 'page', 'q', 'sort', 'status'].sort(),
    );
    // An empty value the document does not allow (an ISO instant, a model, a sort…) is refused, naming it.
    const empty = await gallery(`u-${randomUUID()}`, {
      page: '',
      limit: '',
      model: '',
      from: '',
      to: '',
      sort: '',
      favourites: '',
    });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(
      ['favourites', 'from', 'limit', 'model', 'page', 'sort', 'to'].sort(),
    );
  });

  describe('deleting one’s own video', () => {
    const remove = async (jobId: string, userId: string) =>
      request(rig.api.url)
        .delete(`/jobs/${jobId}`)
        .set('authorization', await as(userId));

    it('own finished job → 204, gone from the gallery and every read, one job.deleted; again → the same', async () => {
      const userId = `u-${randomUUID()}`;
      const [done, kept] = await store(
        aJob({ userId, createdAt: at(0), status: 'COMPLETED' }),
        aJob({ userId, createdAt: at(1), status: 'FAILED' }),
      );
      expect((await remove(done!, userId)).status).toBe(204);
      expect((await remove(done!, userId)).status).toBe(204);
      expect(ids(await gallery(userId))).toEqual([kept]);
      const read = await request(rig.api.url)
        .get(`/jobs/${done}`)
        .set('authorization', await as(userId));
      expect(read.status).toBe(404);
      await rig.api.adapters.relay.runOnce();
      expect(deletedEvents(done!)).toHaveLength(1);
      expect(deletedEvents(done!)[0]!.payload.value).toMatchObject({ jobId: done, userId });
      // Published and removed: now it is unknown, like any job that never was.
      expect(await rig.api.adapters.jobs.findById(done!)).toBeNull();
      expect((await remove(done!, userId)).status).toBe(404);
      await rig.api.adapters.relay.runOnce();
      expect(deletedEvents(done!)).toHaveLength(1);
    });

    it('someone else’s job → 404 and nothing changes; a job under way → 409 (cancel it first)', async () => {
      const userId = `u-${randomUUID()}`;
      const [done, pending] = await store(aJob({ userId, status: 'COMPLETED' }), aJob({ userId, status: 'PENDING' }));
      const stranger = await remove(done!, `u-${randomUUID()}`);
      expect(stranger.status).toBe(404);
      expect(stranger.body.type).toBe('/problems/not_found');
      const busy = await remove(pending!, userId);
      expect(busy.status).toBe(409);
      expect(busy.body.detail).toMatch(/Cancel it first/);
      await rig.api.adapters.relay.runOnce();
      expect(deletedEvents(done!)).toHaveLength(0);
      expect((await gallery(userId)).body.pagination.total).toBe(2);
    });

    it('10 deletes of one job at once: one job.deleted, every answer 204', async () => {
      const userId = `u-${randomUUID()}`;
      const [done] = await store(aJob({ userId, status: 'CANCELLED' }));
      const answers = await Promise.all(Array.from({ length: 10 }, () => remove(done!, userId)));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 204));
      await rig.api.adapters.relay.runOnce();
      expect(deletedEvents(done!)).toHaveLength(1);
    });
  });
});
