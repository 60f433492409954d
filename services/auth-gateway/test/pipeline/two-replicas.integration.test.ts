import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { MemoryKeyspace, MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@kadr/kv-store';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { deferred, startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

interface SharedBackend {
  /** One connection per replica, all to the same data. */
  kv: [KeyValueStore, KeyValueStore];
  /** Redis clients for the rate limiters (distributed mode only). */
  redis?: [Redis, Redis];
  close(): Promise<void>;
}

/**
 * Two gateway replicas (two separate express apps, as two processes would be) sharing one
 * key-value store, in front of one service.
 */
function twoReplicaSuite(connect: () => Promise<SharedBackend>): void {
  let jobs: FakeUpstream;
  let backend: SharedBackend;
  let replicas: [TestGateway, TestGateway];

  beforeAll(async () => {
    jobs = await startFakeUpstream('jobs');
  });
  beforeEach(async () => {
    jobs.received.length = 0;
    backend = await connect();
    const env = { JOBS_URL: jobs.url, RATE_LIMIT_USER_PER_MINUTE: '1000' };
    replicas = [
      createTestGateway({ env, kv: backend.kv[0], redis: backend.redis?.[0] }),
      createTestGateway({ env, kv: backend.kv[1], redis: backend.redis?.[1] }),
    ];
  });
  afterEach(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await backend.close();
  });
  afterAll(() => jobs.close());

  const post = (replica: TestGateway, user: string, key: string) =>
    request(replica.app)
      .post('/bff/platform/jobs')
      .set(TEST_USER_HEADER, user)
      .set('Idempotency-Key', key)
      .send({ prompt: 'a lighthouse at dusk', durationSeconds: 5 });

  it('lets exactly one of concurrent requests with one key, spread over both replicas, reach the service', async () => {
    const release = deferred();
    const arrived = deferred();
    jobs.answer(async (_req, res) => {
      arrived.resolve();
      await release.promise;
      res
        .status(201)
        .location('/jobs/job-42')
        .json({ data: { id: 'job-42', status: 'PENDING' } });
    });
    const user = `user-${randomUUID()}`;
    const key = randomUUID();
    const answered: request.Response[] = [];
    const fiveAnswered = deferred();
    const calls = Array.from({ length: 6 }, (_, i) =>
      post(replicas[i % 2]!, user, key).then((res) => {
        if (answered.push(res) === 5) fiveAnswered.resolve();
        return res;
      }),
    );

    // The five that lost the claim are answered while the winner is still at the service.
    await Promise.all([fiveAnswered.promise, arrived.promise]);
    expect(answered.map((res) => res.status)).toEqual([409, 409, 409, 409, 409]);
    for (const conflict of answered) expect(conflict.body.type).toBe('/problems/conflict');
    expect(jobs.received).toHaveLength(1);

    release.resolve();
    const answers = await Promise.all(calls);
    const winner = answers.find((res) => res.status === 201)!;
    expect(winner.body).toEqual({ data: { id: 'job-42', status: 'PENDING' } });

    for (const replica of replicas) {
      const replay = await post(replica, user, key);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.text).toBe(winner.text);
      expect(replay.headers.location).toBe('/jobs/job-42');
    }
    expect(jobs.received).toHaveLength(1);
  });

  it('recognises a reused key on the other replica', async () => {
    jobs.answer((_req, res) => {
      res.status(201).json({ data: { id: 'job-43' } });
    });
    const user = `user-${randomUUID()}`;
    const key = randomUUID();
    expect((await post(replicas[0], user, key)).status).toBe(201);
    const reused = await request(replicas[1].app)
      .post('/bff/platform/jobs')
      .set(TEST_USER_HEADER, user)
      .set('Idempotency-Key', key)
      .send({ prompt: 'something else' });
    expect(reused.status).toBe(422);
    expect(reused.body.type).toBe('/problems/idempotency_key_reuse');
  });
}

describe('two gateway replicas sharing one store [memory]', () => {
  twoReplicaSuite(() => {
    const keyspace = new MemoryKeyspace();
    const kv: [KeyValueStore, KeyValueStore] = [
      new MemoryKeyValueStore({ keyspace, keyPrefix: 'gateway:' }),
      new MemoryKeyValueStore({ keyspace, keyPrefix: 'gateway:' }),
    ];
    return Promise.resolve({ kv, close: async () => void (await Promise.all(kv.map((store) => store.close()))) });
  });
});

describeWithRealServer('redis', 'two gateway replicas sharing one store [redis]', ({ url }) => {
  const connect = async (): Promise<SharedBackend> => {
    const keyPrefix = `test:gateway:${randomUUID()}:`;
    const kv: [KeyValueStore, KeyValueStore] = [
      new RedisKeyValueStore({ url, keyPrefix }),
      new RedisKeyValueStore({ url, keyPrefix }),
    ];
    const redis: [Redis, Redis] = [new Redis(url), new Redis(url)];
    await Promise.all(
      redis.map((client) =>
        client.status === 'ready' ? Promise.resolve() : new Promise((ready) => client.once('ready', ready)),
      ),
    );
    return {
      kv,
      redis,
      close: async () => {
        await Promise.all([...kv.map((store) => store.close()), ...redis.map((client) => client.quit())]);
      },
    };
  };

  twoReplicaSuite(connect);

  it('shares the rate-limit counters between replicas (RateLimiterRedis)', async () => {
    const backend = await connect();
    const env = { RATE_LIMIT_USER_PER_MINUTE: '3' };
    const replicas = [0, 1].map((i) => createTestGateway({ env, kv: backend.kv[i], redis: backend.redis![i] }));
    try {
      // A fresh user id: its counter is this test's alone (and expires with its one-minute window).
      const user = `user-${randomUUID()}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await request(replicas[i % 2]!.app)
          .get('/bff/platform/api/flags')
          .set(TEST_USER_HEADER, user);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await backend.close();
    }
  });
});
