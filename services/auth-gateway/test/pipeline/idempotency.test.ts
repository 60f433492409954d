import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { deferred, startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';
import { metricValue } from '@kadr/tooling/test-helpers';

const JOBS = '/bff/platform/jobs';

describe('Idempotency-Key on state-changing /bff requests', () => {
  let jobs: FakeUpstream;
  let gateway: TestGateway;
  let created = 0;

  beforeAll(async () => {
    jobs = await startFakeUpstream('jobs');
  });
  beforeEach(() => {
    jobs.received.length = 0;
    jobs.answer((req, res) => {
      created += 1;
      res
        .status(201)
        .location(`/jobs/job-${created}`)
        .json({ data: { id: `job-${created}`, prompt: (req.body as { prompt?: string }).prompt } });
    });
    gateway = createTestGateway({ env: { JOBS_URL: jobs.url } });
  });
  afterEach(() => gateway.close());
  afterAll(() => jobs.close());

  const counted = async () => ({
    replays: await metricValue(gateway.metrics.registry, 'gateway_idempotency_replays_total'),
    conflicts: await metricValue(gateway.metrics.registry, 'gateway_idempotency_conflicts_total'),
  });

  const post = (key: string | undefined, body: object, user = 'u1') => {
    const call = request(gateway.app).post(JOBS).set(TEST_USER_HEADER, user).send(body);
    return key === undefined ? call : call.set('Idempotency-Key', key);
  };

  it('refuses a state-changing request without a key (400 validation naming the header)', async () => {
    const res = await post(undefined, { prompt: 'a cat' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: '/problems/validation',
      status: 400,
      errors: { 'Idempotency-Key': expect.any(String) },
    });
    expect(res.body.correlationId).toBe(res.headers['x-correlation-id']);
    expect(jobs.received).toHaveLength(0);
  });

  it.each([
    ['too short', 'short'],
    ['too long', 'k'.repeat(129)],
    ['with a space', 'abc def ghi'],
    ['with a slash', 'abc/def/ghi'],
  ])('refuses a malformed key (%s)', async (_what, key) => {
    const res = await post(key, { prompt: 'a cat' });
    expect(res.status).toBe(400);
    expect(res.body.errors['Idempotency-Key']).toMatch(/8 to 128 characters/);
    expect(jobs.received).toHaveLength(0);
  });

  it('accepts keys of 8–128 letters, digits and _ - : .', async () => {
    for (const key of ['abcd-123', 'K'.repeat(128), 'a_b-c:d.e', randomUUID()]) {
      expect((await post(key, { prompt: key })).status).toBe(201);
    }
  });

  it('forwards the key to the service and replays the identical answer with Idempotent-Replayed: true', async () => {
    const key = randomUUID();
    const first = await post(key, { prompt: 'a cat', duration: 5 });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(jobs.received).toHaveLength(1);
    expect(jobs.received[0]!.headers['idempotency-key']).toBe(key);

    // Same request (keys in another order: same canonical body), another correlation id.
    const replay = await request(gateway.app)
      .post(JOBS)
      .set(TEST_USER_HEADER, 'u1')
      .set('Idempotency-Key', key)
      .set('x-correlation-id', 'corr-replay-0001')
      .send({ duration: 5, prompt: 'a cat' });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    expect(replay.headers.location).toBe(first.headers.location);
    expect(replay.headers['x-correlation-id']).toBe('corr-replay-0001');
    expect(jobs.received).toHaveLength(1);
    expect(await counted()).toEqual({ replays: 1, conflicts: 0 });
  });

  it('answers 422 idempotency_key_reuse for the same key with a different body, path or query', async () => {
    const key = randomUUID();
    expect((await post(key, { prompt: 'a cat' })).status).toBe(201);

    const otherBody = await post(key, { prompt: 'a dog' });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ type: '/problems/idempotency_key_reuse', status: 422 });

    const otherQuery = await request(gateway.app)
      .post(`${JOBS}?priority=high`)
      .set(TEST_USER_HEADER, 'u1')
      .set('Idempotency-Key', key)
      .send({ prompt: 'a cat' });
    expect(otherQuery.status).toBe(422);
    expect(jobs.received).toHaveLength(1);
    expect(await counted()).toEqual({ replays: 0, conflicts: 2 });
  });

  it('lets exactly one of two concurrent requests with one key reach the service; the other gets 409', async () => {
    const release = deferred();
    jobs.answer(async (_req, res) => {
      await release.promise;
      res.status(201).json({ data: { id: 'job-slow' } });
    });
    const key = randomUUID();
    const a = post(key, { prompt: 'same' }).then((res) => res);
    const b = post(key, { prompt: 'same' }).then((res) => res);
    // Whichever lost the claim is answered while the winner is still at the service.
    const loser = await Promise.race([a, b]);
    expect(loser.status).toBe(409);
    expect(loser.body).toMatchObject({ type: '/problems/conflict', status: 409 });
    release.resolve();
    const statuses = [(await a).status, (await b).status].sort();
    expect(statuses).toEqual([201, 409]);
    expect(jobs.received).toHaveLength(1);

    const replay = await post(key, { prompt: 'same' });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual({ data: { id: 'job-slow' } });
    expect(await counted()).toEqual({ replays: 1, conflicts: 1 });
  });

  it('keeps a 4xx answer and replays it', async () => {
    jobs.answer((_req, res) => {
      res.status(402).type('application/problem+json').send({ type: '/problems/insufficient_credits', status: 402 });
    });
    const key = randomUUID();
    const first = await post(key, { prompt: 'expensive' });
    expect(first.status).toBe(402);
    const again = await post(key, { prompt: 'expensive' });
    expect(again.status).toBe(402);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(jobs.received).toHaveLength(1);
  });

  it('does not keep a 5xx answer: the key is released and a retry reaches the service again', async () => {
    let calls = 0;
    jobs.answer((_req, res) => {
      calls += 1;
      if (calls === 1) res.status(500).json({ oops: true });
      else res.status(201).json({ data: { id: 'job-after-retry' } });
    });
    const key = randomUUID();
    const failed = await post(key, { prompt: 'retry me' });
    expect(failed.status).toBe(502);
    expect(failed.body.type).toBe('/problems/backend_http');

    const retried = await post(key, { prompt: 'retry me' });
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(jobs.received).toHaveLength(2);
  });

  it('keeps the keys of different users apart', async () => {
    const key = randomUUID();
    expect((await post(key, { prompt: 'mine' }, 'u1')).status).toBe(201);
    const other = await post(key, { prompt: 'mine' }, 'u2');
    expect(other.status).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(jobs.received).toHaveLength(2);
  });

  it('needs no key on reads', async () => {
    jobs.answer((_req, res) => {
      res.json({ data: [] });
    });
    const res = await request(gateway.app).get('/bff/platform/jobs/active?take=20').set(TEST_USER_HEADER, 'u1');
    expect(res.status).toBe(200);
  });

  it('refuses a state-changing body that is not JSON', async () => {
    const res = await request(gateway.app)
      .post(JOBS)
      .set(TEST_USER_HEADER, 'u1')
      .set('Idempotency-Key', randomUUID())
      .set('Content-Type', 'text/plain')
      .send('prompt=a cat');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'Content-Type': 'must be application/json' });
    expect(jobs.received).toHaveLength(0);
  });
});
