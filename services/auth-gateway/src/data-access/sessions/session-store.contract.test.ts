import { randomBytes, randomUUID } from 'node:crypto';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@kadr/kv-store';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import type { SessionUser } from '../../entry-points/http/03-session/request-context';
import { SessionStore, type SessionStoreOptions } from './session-store';
import { until } from '@kadr/tooling/test-helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` is true or the deadline passes (then fails with `what`). */
function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: randomUUID(),
    email: 'someone@example.com',
    name: 'Someone',
    roles: ['user'],
    permissions: [],
    tenantId: null,
    ...overrides,
  };
}

const LONG: SessionStoreOptions = { idleTtlMs: 60_000, absoluteTtlMs: 120_000 };

/**
 * The session store's behaviour on a key-value store: `connect` gives a store whose keys are
 * isolated from other tests (its own prefix) and is closed after each test.
 */
function sessionStoreContract(connect: () => Promise<KeyValueStore>): void {
  let kv: KeyValueStore;
  beforeEach(async () => {
    kv = await connect();
  });
  afterEach(async () => {
    await kv.close();
  });

  it('creates a session with a 128-bit id and a CSRF token, and reads it back', async () => {
    const store = new SessionStore(kv, LONG);
    const who = user({ roles: ['user', 'admin'], permissions: ['admin:users'] });
    const before = Date.now();
    const session = await store.create(who);
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(session.id, 'base64url')).toHaveLength(16);
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.user).toEqual(who);
    expect(session.createdAt).toBeGreaterThanOrEqual(before);
    expect(session.lastSeenAt).toBe(session.createdAt);
    expect(session.absoluteExpiresAt).toBe(session.createdAt + LONG.absoluteTtlMs);
    expect(await store.get(session.id)).toEqual(session);
    const ttl = await kv.ttl(`session:${session.id}`);
    expect(ttl).toBeGreaterThan(LONG.idleTtlMs - 5_000);
    expect(ttl).toBeLessThanOrEqual(LONG.idleTtlMs);
  });

  it('never hands out the same id twice', async () => {
    const store = new SessionStore(kv, LONG);
    const who = user();
    const ids = await Promise.all(Array.from({ length: 20 }, () => store.create(who).then((s) => s.id)));
    expect(new Set(ids).size).toBe(20);
  });

  it('answers null for unknown and malformed ids without touching the store', async () => {
    const store = new SessionStore(kv, LONG);
    expect(await store.get(randomBytes(16).toString('base64url'))).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.get('')).toBeNull();
    await kv.set('session:not-a-session-id-xx', 'garbage');
    expect(await store.get('not-a-session-id-xx')).toBeNull();
  });

  it('destroys a session; destroying again is harmless', async () => {
    const store = new SessionStore(kv, LONG);
    const session = await store.create(user());
    await store.destroy(session.id);
    expect(await store.get(session.id)).toBeNull();
    await store.destroy(session.id);
    await store.destroy('malformed');
  });

  it('ends a session that stays idle longer than the idle timeout', async () => {
    const store = new SessionStore(kv, { idleTtlMs: 150, absoluteTtlMs: 60_000 });
    const session = await store.create(user());
    expect(await store.get(session.id)).not.toBeNull();
    await until(async () => (await store.get(session.id)) === null, {
      what: 'the idle session is gone',
      timeoutMs: 2_000,
    });
  });

  it('slides the idle timeout on touch', async () => {
    const store = new SessionStore(kv, { idleTtlMs: 300, absoluteTtlMs: 60_000 });
    let session = await store.create(user());
    // Touch every 100 ms for ~700 ms: far past one idle period, still alive.
    for (let i = 0; i < 7; i += 1) {
      await sleep(100);
      const touched = await store.touch(session);
      expect(touched).not.toBeNull();
      expect(touched!.lastSeenAt).toBeGreaterThan(session.lastSeenAt);
      session = touched!;
    }
    expect(await store.get(session.id)).toMatchObject({ id: session.id, lastSeenAt: session.lastSeenAt });
    expect(await kv.ttl(`session:${session.id}`)).toBeGreaterThan(100);
  });

  it('never lets touching carry a session past its absolute expiry', async () => {
    const store = new SessionStore(kv, { idleTtlMs: 250, absoluteTtlMs: 500 });
    const session = await store.create(user());
    await sleep(350);
    const touched = await store.touch(session);
    expect(touched).not.toBeNull();
    // The store TTL is capped by what is left of the absolute lifetime (~150 ms), not the idle 250 ms.
    const ttl = await kv.ttl(`session:${session.id}`);
    expect(ttl).not.toBeNull();
    expect(ttl!).toBeLessThanOrEqual(session.absoluteExpiresAt - Date.now() + 20);
    await sleep(Math.max(0, session.absoluteExpiresAt - Date.now()) + 20);
    expect(await store.get(session.id)).toBeNull();
    expect(await store.touch(touched!)).toBeNull();
    expect(await store.get(session.id)).toBeNull();
  });

  it('does not resurrect a destroyed session when a request that loaded it touches it afterwards', async () => {
    const store = new SessionStore(kv, LONG);
    const session = await store.create(user());
    const loadedByAnInFlightRequest = (await store.get(session.id))!;
    await store.destroy(session.id);
    expect(await store.touch(loadedByAnInFlightRequest)).toBeNull();
    expect(await store.get(session.id)).toBeNull();
  });

  it("destroys all of one user's sessions and nobody else's", async () => {
    const store = new SessionStore(kv, LONG);
    const alice = user();
    const bob = user();
    const alices = await Promise.all([store.create(alice), store.create(alice), store.create(alice)]);
    const bobs = await store.create(bob);
    await store.destroy(alices[0].id);

    expect(await store.destroyAllForUser(alice.id)).toBe(2);
    for (const session of alices) expect(await store.get(session.id)).toBeNull();
    expect(await store.get(bobs.id)).toEqual(bobs);
    expect(await store.destroyAllForUser(alice.id)).toBe(0);
    expect(await store.destroyAllForUser(randomUUID())).toBe(0);

    // A sign-in after the purge starts a fresh index.
    const again = await store.create(alice);
    expect(await store.destroyAllForUser(alice.id)).toBe(1);
    expect(await store.get(again.id)).toBeNull();
  });

  it('keeps the per-user index no longer than the newest session can live', async () => {
    const store = new SessionStore(kv, LONG);
    const who = user();
    await store.create(who);
    const ttl = await kv.ttl(`user-sessions:${who.id}`);
    expect(ttl).toBeGreaterThan(LONG.absoluteTtlMs - 5_000);
    expect(ttl).toBeLessThanOrEqual(LONG.absoluteTtlMs);
  });
}

const runPrefix = `test-sessions-${randomBytes(4).toString('hex')}`;
let testNumber = 0;
const nextPrefix = () => `${runPrefix}-${(testNumber += 1)}:`;

describe('session-store contract [memory]', () => {
  sessionStoreContract(() => Promise.resolve(new MemoryKeyValueStore({ keyPrefix: nextPrefix() })));
});

describeWithRealServer('redis', 'session-store contract [redis]', (target) => {
  sessionStoreContract(() => Promise.resolve(new RedisKeyValueStore({ url: target.url, keyPrefix: nextPrefix() })));
});
