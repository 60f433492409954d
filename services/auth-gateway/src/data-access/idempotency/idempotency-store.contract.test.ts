import { randomUUID } from 'node:crypto';
import { MemoryKeyspace, MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@kadr/kv-store';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import type { IdempotencyRequest, IdempotencyStore, StoredResponse } from './idempotency-store';
import { KeyValueIdempotencyStore } from './kv-idempotency-store';
import { until } from '@kadr/tooling/test-helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds or the deadline passes. */
const LEASE_MS = 60_000;
const RETENTION_MS = 60_000;

function request(overrides: Partial<IdempotencyRequest> = {}): IdempotencyRequest {
  return { scope: `user:${randomUUID()}`, key: randomUUID(), fingerprint: 'fp-a', ...overrides };
}

function response(body = '{"data":{"id":"job-1"}}'): StoredResponse {
  return {
    status: 201,
    headers: { 'content-type': 'application/json; charset=utf-8', location: '/jobs/job-1' },
    body: Buffer.from(body),
  };
}

/**
 * The idempotency store's behaviour, whatever key-value store it runs on. `connect` gives two
 * connections to the same data (two gateway replicas), isolated from other tests; both are
 * closed after each test.
 */
function idempotencyStoreContract(connect: () => Promise<[KeyValueStore, KeyValueStore]>): void {
  let connections: [KeyValueStore, KeyValueStore];
  let store: IdempotencyStore;
  let otherReplica: IdempotencyStore;
  beforeEach(async () => {
    connections = await connect();
    store = new KeyValueIdempotencyStore(connections[0]);
    otherReplica = new KeyValueIdempotencyStore(connections[1]);
  });
  afterEach(async () => {
    await Promise.all(connections.map((kv) => kv.close()));
  });

  it('lets the first claim win and reports the key in flight to later ones', async () => {
    const first = request();
    const claimed = await store.claim(first, LEASE_MS);
    expect(claimed.kind).toBe('claimed');
    expect(await otherReplica.claim(first, LEASE_MS)).toEqual({ kind: 'in_flight', sameRequest: true });
    expect(await store.claim({ ...first, fingerprint: 'fp-b' }, LEASE_MS)).toEqual({
      kind: 'in_flight',
      sameRequest: false,
    });
  });

  it('gives the key to exactly one of 20 concurrent claims across two replicas', async () => {
    const contested = request();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : otherReplica).claim(contested, LEASE_MS)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'in_flight')).toHaveLength(19);
  });

  it('replays a completed response byte for byte, on any replica, and recognises another request', async () => {
    const first = request();
    const outcome = await store.claim(first, LEASE_MS);
    if (outcome.kind !== 'claimed') throw new Error('expected a claim');
    const body = '{"data":{"id":"job-1","note":"zażółć"}}';
    expect(await store.complete(outcome.claim, response(body), RETENTION_MS)).toBe(true);

    const replay = await otherReplica.claim(first, LEASE_MS);
    expect(replay).toMatchObject({ kind: 'completed', sameRequest: true });
    if (replay.kind !== 'completed') throw new Error('expected a completed record');
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers).toEqual(response().headers);
    expect(replay.response.body.equals(Buffer.from(body))).toBe(true);

    expect(await store.claim({ ...first, fingerprint: 'fp-b' }, LEASE_MS)).toMatchObject({
      kind: 'completed',
      sameRequest: false,
    });
  });

  it('keeps keys of different scopes apart, even when the scope and key could be spelled alike', async () => {
    const a = await store.claim({ scope: 'user:a', key: 'b:c-0000000', fingerprint: 'fp' }, LEASE_MS);
    const b = await store.claim({ scope: 'user:a:b', key: 'c-0000000', fingerprint: 'fp' }, LEASE_MS);
    expect(a.kind).toBe('claimed');
    expect(b.kind).toBe('claimed');
  });

  it('frees a released key for the next claim, and only the owner can release it', async () => {
    const first = request();
    const outcome = await store.claim(first, LEASE_MS);
    if (outcome.kind !== 'claimed') throw new Error('expected a claim');
    expect(await otherReplica.release(outcome.claim)).toBe(true);
    expect(await otherReplica.release(outcome.claim)).toBe(false);

    const again = await otherReplica.claim(first, LEASE_MS);
    expect(again.kind).toBe('claimed');
    // The old claim cannot release or complete the new owner's claim.
    expect(await store.release(outcome.claim)).toBe(false);
    expect(await store.complete(outcome.claim, response(), RETENTION_MS)).toBe(false);
    expect(await store.claim(first, LEASE_MS)).toEqual({ kind: 'in_flight', sameRequest: true });
  });

  it('lets a claim lapse after its lease, so a crashed replica does not block the key', async () => {
    const first = request();
    const crashed = await store.claim(first, 150);
    if (crashed.kind !== 'claimed') throw new Error('expected a claim');
    expect((await otherReplica.claim(first, LEASE_MS)).kind).toBe('in_flight');

    let taken: Awaited<ReturnType<IdempotencyStore['claim']>> | undefined;
    await until(
      async () => {
        taken = await otherReplica.claim(first, LEASE_MS);
        return taken.kind === 'claimed';
      },
      { what: 'the lease ran out', timeoutMs: 3_000 },
    );
    // The crashed claim, coming back late, finds it lost its key and writes nothing.
    expect(await store.complete(crashed.claim, response('late'), RETENTION_MS)).toBe(false);
    expect(await store.claim(first, LEASE_MS)).toEqual({ kind: 'in_flight', sameRequest: true });
  });

  it('forgets a completed response after the retention time', async () => {
    const first = request();
    const outcome = await store.claim(first, LEASE_MS);
    if (outcome.kind !== 'claimed') throw new Error('expected a claim');
    expect(await store.complete(outcome.claim, response(), 200)).toBe(true);
    expect((await otherReplica.claim(first, LEASE_MS)).kind).toBe('completed');

    await until(async () => (await otherReplica.claim(first, LEASE_MS)).kind === 'claimed', {
      what: 'the record expired',
      timeoutMs: 3_000,
    });
  });

  it('keeps a completed response for the retention time, not the lease', async () => {
    const first = request();
    const outcome = await store.claim(first, 100);
    if (outcome.kind !== 'claimed') throw new Error('expected a claim');
    expect(await store.complete(outcome.claim, response(), RETENTION_MS)).toBe(true);
    await sleep(250);
    expect((await otherReplica.claim(first, LEASE_MS)).kind).toBe('completed');
  });
}

describe('idempotency-store contract [memory]', () => {
  idempotencyStoreContract(async () => {
    const keyspace = new MemoryKeyspace();
    return Promise.resolve([
      new MemoryKeyValueStore({ keyspace, keyPrefix: 'gateway:' }),
      new MemoryKeyValueStore({ keyspace, keyPrefix: 'gateway:' }),
    ]);
  });
});

describeWithRealServer('redis', 'idempotency-store contract [redis]', ({ url }) => {
  idempotencyStoreContract(async () => {
    const keyPrefix = `test:idempotency:${randomUUID()}:`;
    return Promise.resolve([new RedisKeyValueStore({ url, keyPrefix }), new RedisKeyValueStore({ url, keyPrefix })]);
  });
});
