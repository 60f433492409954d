/**
 * The one contract every KeyValueStore adapter must pass. `connect` opens a NEW connection to the
 * SAME backing store on each call (for memory: another store on one shared keyspace), so the
 * suite can test atomicity across connections, pub/sub between connections and prefix isolation.
 * Each test gets its own key prefix, so runs against a shared server do not see each other.
 */
import { randomUUID } from 'node:crypto';
import { compareLogIds, type KeyValueStore } from '@kadr/kv-store';
import { eventually } from '@kadr/tooling/test-helpers';

export interface ContractConnectOptions {
  keyPrefix: string;
  onError: (error: unknown) => void;
}

export interface KvStoreContractSubject {
  connect(options: ContractConnectOptions): Promise<KeyValueStore>;
  /** Removes what a test left under its prefix (for real servers shared between runs). */
  removeKeys?(keyPrefix: string): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries `check` until it passes or the deadline is reached, then fails with its last error. */
/** How long to keep listening for a message that must NOT arrive, after one that must has arrived. */
const QUIET_PERIOD_MS = 50;

export function kvStoreContract(subject: KvStoreContractSubject): void {
  const runId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let testNumber = 0;
  let prefix = '';
  let usedPrefixes: string[] = [];
  let opened: KeyValueStore[] = [];
  let reportedErrors: unknown[] = [];

  function freshPrefix(): string {
    testNumber += 1;
    const next = `kv-contract:${runId}:${testNumber}:`;
    usedPrefixes.push(next);
    return next;
  }

  /** A new connection to the shared backing store, namespaced by this test's prefix unless told otherwise. */
  async function open(keyPrefix = prefix): Promise<KeyValueStore> {
    const store = await subject.connect({ keyPrefix, onError: (error) => reportedErrors.push(error) });
    opened.push(store);
    return store;
  }

  function collector(): { messages: string[]; onMessage: (message: string) => void } {
    const messages: string[] = [];
    return { messages, onMessage: (message) => messages.push(message) };
  }

  beforeEach(() => {
    prefix = freshPrefix();
    reportedErrors = [];
  });

  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close()));
    opened = [];
    if (subject.removeKeys) for (const used of usedPrefixes) await subject.removeKeys(used);
    usedPrefixes = [];
  });

  describe('strings', () => {
    it('get returns null for a missing key; set stores, overwrites and keeps an empty string', async () => {
      const store = await open();
      expect(await store.get('k')).toBeNull();
      await store.set('k', 'one');
      expect(await store.get('k')).toBe('one');
      await store.set('k', 'two ✓');
      expect(await store.get('k')).toBe('two ✓');
      await store.set('empty', '');
      expect(await store.get('empty')).toBe('');
    });

    it('delete reports whether the key existed', async () => {
      const store = await open();
      await store.set('k', 'v');
      expect(await store.delete('k')).toBe(true);
      expect(await store.get('k')).toBeNull();
      expect(await store.delete('k')).toBe(false);
    });

    it('a key set with a TTL expires', async () => {
      const store = await open();
      await store.set('k', 'v', 100);
      expect(await store.get('k')).toBe('v');
      await eventually(async () => expect(await store.get('k')).toBeNull());
      expect(await store.ttl('k')).toBeNull();
      expect(await store.delete('k')).toBe(false);
    });

    it('set without a TTL removes a previous expiry', async () => {
      const store = await open();
      await store.set('k', 'v', 5_000);
      await store.set('k', 'w');
      expect(await store.ttl('k')).toBeNull();
      expect(await store.get('k')).toBe('w');
    });

    it('ttl is null for a missing key or one without expiry, else the remaining ms, counting down', async () => {
      const store = await open();
      expect(await store.ttl('missing')).toBeNull();
      await store.set('forever', 'v');
      expect(await store.ttl('forever')).toBeNull();
      await store.set('k', 'v', 1_000);
      const first = await store.ttl('k');
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(1_000);
      await sleep(60);
      expect(await store.ttl('k')).toBeLessThanOrEqual(first! - 40);
    });

    it('rejects a TTL that is not a positive integer', async () => {
      const store = await open();
      await expect(store.set('k', 'v', 0)).rejects.toThrow(RangeError);
      await expect(store.set('k', 'v', -5)).rejects.toThrow(RangeError);
      await expect(store.set('k', 'v', 1.5)).rejects.toThrow(RangeError);
      await expect(store.setIfAbsent('k', 'v', 0)).rejects.toThrow(RangeError);
      await expect(store.increment('k', Number.NaN)).rejects.toThrow(RangeError);
      expect(await store.get('k')).toBeNull();
    });
  });

  describe('setIfAbsent', () => {
    it('of 20 concurrent callers on several connections exactly one wins', async () => {
      const connections = await Promise.all([open(), open(), open(), open()]);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          connections[i % connections.length]!.setIfAbsent('lock', `owner-${i}`, 5_000),
        ),
      );
      const winners = results.flatMap((won, i) => (won ? [`owner-${i}`] : []));
      expect(winners).toHaveLength(1);
      expect(await connections[0].get('lock')).toBe(winners[0]);
      expect(await connections[0].ttl('lock')).toBeGreaterThan(0);
    });

    it('does not replace a live key, and succeeds again once the key expired', async () => {
      const store = await open();
      expect(await store.setIfAbsent('k', 'a', 100)).toBe(true);
      expect(await store.setIfAbsent('k', 'b', 100)).toBe(false);
      expect(await store.get('k')).toBe('a');
      await eventually(async () => expect(await store.setIfAbsent('k', 'c', 5_000)).toBe(true));
      expect(await store.get('k')).toBe('c');
    });

    it('does not replace a key that has no expiry', async () => {
      const store = await open();
      await store.set('k', 'x');
      expect(await store.setIfAbsent('k', 'y', 1_000)).toBe(false);
      expect(await store.get('k')).toBe('x');
    });
  });

  describe('compareAndDelete', () => {
    it('deletes only when the value matches', async () => {
      const store = await open();
      expect(await store.compareAndDelete('lock', 'owner-1')).toBe(false);
      await store.set('lock', 'owner-1');
      expect(await store.compareAndDelete('lock', 'owner-2')).toBe(false);
      expect(await store.get('lock')).toBe('owner-1');
      expect(await store.compareAndDelete('lock', 'owner-1')).toBe(true);
      expect(await store.get('lock')).toBeNull();
      expect(await store.compareAndDelete('lock', 'owner-1')).toBe(false);
    });

    it('of concurrent releases with the right value exactly one deletes', async () => {
      const connections = await Promise.all([open(), open(), open()]);
      await connections[0].set('lock', 'owner');
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => connections[i % connections.length]!.compareAndDelete('lock', 'owner')),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('never deletes a value that replaced the expected one in the meantime', async () => {
      const [releasing, acquiring] = await Promise.all([open(), open()]);
      // Whichever runs first, an atomic compare-and-delete leaves the new owner's value in place;
      // a GET-then-DEL would sometimes delete it.
      for (let round = 0; round < 30; round += 1) {
        await releasing.set('lock', 'old-owner');
        await Promise.all([releasing.compareAndDelete('lock', 'old-owner'), acquiring.set('lock', 'new-owner')]);
        expect(await acquiring.get('lock')).toBe('new-owner');
      }
    });
  });

  describe('increment', () => {
    it('50 concurrent increments on several connections each return a distinct value and leave 50', async () => {
      const connections = await Promise.all([open(), open(), open(), open(), open()]);
      const values = await Promise.all(
        Array.from({ length: 50 }, (_, i) => connections[i % connections.length]!.increment('counter', 10_000)),
      );
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await connections[0].get('counter')).toBe('50');
    });

    it('the TTL starts with the first increment and later increments do not extend it', async () => {
      const store = await open();
      expect(await store.increment('counter', 300)).toBe(1);
      expect(await store.ttl('counter')).toBeLessThanOrEqual(300);
      await sleep(120);
      expect(await store.increment('counter', 300)).toBe(2);
      expect(await store.ttl('counter')).toBeLessThanOrEqual(200);
      await eventually(async () => expect(await store.get('counter')).toBeNull());
      expect(await store.increment('counter', 300)).toBe(1);
    });

    it('gives an expiry to a counter that has none', async () => {
      const store = await open();
      await store.set('counter', '5');
      expect(await store.increment('counter', 1_000)).toBe(6);
      const remaining = await store.ttl('counter');
      expect(remaining).toBeGreaterThan(0);
      expect(remaining).toBeLessThanOrEqual(1_000);
    });

    it('rejects a value that is not an integer', async () => {
      const store = await open();
      await store.set('counter', 'abc');
      await expect(store.increment('counter', 1_000)).rejects.toThrow(/not an integer/);
      expect(await store.get('counter')).toBe('abc');
    });
  });

  describe('capped logs', () => {
    async function appendMany(store: KeyValueStore, key: string, count: number, maxLength: number) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push(await store.appendToLog(key, `v${i}`, { maxLength }));
      return ids;
    }

    it('returns increasing <ms>-<seq> ids', async () => {
      const store = await open();
      const ids = await appendMany(store, 'log', 5, 10);
      for (const id of ids) expect(id).toMatch(/^\d+-\d+$/);
      for (let i = 1; i < ids.length; i += 1) expect(compareLogIds(ids[i - 1]!, ids[i]!)).toBeLessThan(0);
    });

    it('keeps exactly the newest maxLength entries, oldest first', async () => {
      const store = await open();
      const ids = await appendMany(store, 'log', 10, 5);
      const read = await store.readLogAfter('log');
      expect(read.entries).toEqual(ids.slice(5).map((id, i) => ({ id, value: `v${i + 5}` })));
      expect(read.gap).toBe(false);
    });

    it('readLogAfter returns exactly the entries after the given id', async () => {
      const store = await open();
      const ids = await appendMany(store, 'log', 5, 10);
      expect(await store.readLogAfter('log', ids[1])).toEqual({
        entries: [
          { id: ids[2], value: 'v2' },
          { id: ids[3], value: 'v3' },
          { id: ids[4], value: 'v4' },
        ],
        gap: false,
      });
      expect(await store.readLogAfter('log', ids[4])).toEqual({ entries: [], gap: false });
      expect((await store.readLogAfter('log')).entries.map((e) => e.value)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4']);
    });

    it('lastLogId is the newest kept entry, null for a missing log, WRONGTYPE for a string', async () => {
      const store = await open();
      expect(await store.lastLogId('log')).toBeNull();
      const ids = await appendMany(store, 'log', 7, 5);
      expect(await store.lastLogId('log')).toBe(ids[6]);
      await store.set('text', 'a');
      await expect(store.lastLogId('text')).rejects.toThrow(/WRONGTYPE/);
      await store.delete('log');
      expect(await store.lastLogId('log')).toBeNull();
    });

    it('readLogAfter from the newest id returns only what is appended next', async () => {
      const store = await open();
      await appendMany(store, 'log', 5, 200);
      const cursor = (await store.lastLogId('log'))!;
      const next = await store.appendToLog('log', 'next', { maxLength: 200 });
      expect(await store.readLogAfter('log', cursor)).toEqual({ entries: [{ id: next, value: 'next' }], gap: false });
    });

    it('gap is true exactly when an entry after afterId was trimmed away', async () => {
      const store = await open();
      const ids = await appendMany(store, 'log', 10, 5);
      const kept = ['v5', 'v6', 'v7', 'v8', 'v9'];
      const valuesAfter = async (afterId: string) => {
        const read = await store.readLogAfter('log', afterId);
        return { values: read.entries.map((e) => e.value), gap: read.gap };
      };
      expect(await valuesAfter(ids[0]!)).toEqual({ values: kept, gap: true });
      expect(await valuesAfter(ids[3]!)).toEqual({ values: kept, gap: true });
      // ids[4] is the newest trimmed entry: whoever saw it has missed nothing.
      expect(await valuesAfter(ids[4]!)).toEqual({ values: kept, gap: false });
      expect(await valuesAfter(ids[6]!)).toEqual({ values: ['v7', 'v8', 'v9'], gap: false });
      expect(await valuesAfter(ids[9]!)).toEqual({ values: [], gap: false });
    });

    it('a missing log is a gap only when an afterId is given', async () => {
      const store = await open();
      expect(await store.readLogAfter('nothing')).toEqual({ entries: [], gap: false });
      expect(await store.readLogAfter('nothing', '1-0')).toEqual({ entries: [], gap: true });
    });

    it('an id older than the first entry of a log that never lost one is a gap (it belongs to an earlier log)', async () => {
      const store = await open();
      const ids = await appendMany(store, 'log', 3, 10);
      expect((await store.readLogAfter('log', ids[0])).gap).toBe(false);
      const older = await store.readLogAfter('log', '1-0');
      expect(older.gap).toBe(true);
      expect(older.entries.map((e) => e.value)).toEqual(['v0', 'v1', 'v2']);
    });

    it('rejects a malformed afterId and a maxLength that is not a positive integer', async () => {
      const store = await open();
      await store.appendToLog('log', 'v', { maxLength: 5 });
      await expect(store.readLogAfter('log', 'not-an-id')).rejects.toThrow(RangeError);
      await expect(store.readLogAfter('log', '12')).rejects.toThrow(RangeError);
      await expect(store.appendToLog('log', 'v', { maxLength: 0 })).rejects.toThrow(RangeError);
      expect((await store.readLogAfter('log')).entries).toHaveLength(1);
    });

    it('expires with its TTL, appends refresh it, and an id from the expired log reads as a gap', async () => {
      const store = await open();
      await store.appendToLog('log', 'a', { maxLength: 5, ttlMs: 200 });
      const remaining = await store.ttl('log');
      expect(remaining).toBeGreaterThan(0);
      expect(remaining).toBeLessThanOrEqual(200);
      await sleep(100);
      const lastSeen = await store.appendToLog('log', 'b', { maxLength: 5, ttlMs: 400 });
      // Without the refresh at most 100 ms would be left.
      expect(await store.ttl('log')).toBeGreaterThan(200);
      await eventually(async () => expect((await store.readLogAfter('log')).entries).toEqual([]));
      const fresh = await store.appendToLog('log', 'c', { maxLength: 5, ttlMs: 1_000 });
      expect(await store.readLogAfter('log', lastSeen)).toEqual({ entries: [{ id: fresh, value: 'c' }], gap: true });
    });

    it('an append without ttlMs keeps the expiry; a log created without one has none', async () => {
      const store = await open();
      await store.appendToLog('expiring', 'a', { maxLength: 5, ttlMs: 5_000 });
      await store.appendToLog('expiring', 'b', { maxLength: 5 });
      expect(await store.ttl('expiring')).toBeGreaterThan(4_000);
      await store.appendToLog('lasting', 'a', { maxLength: 5 });
      expect(await store.ttl('lasting')).toBeNull();
    });

    it('delete removes a log', async () => {
      const store = await open();
      const id = await store.appendToLog('log', 'a', { maxLength: 5 });
      expect(await store.delete('log')).toBe(true);
      expect(await store.readLogAfter('log', id)).toEqual({ entries: [], gap: true });
    });

    it('a key holds one kind of value: using it as the other kind rejects with WRONGTYPE', async () => {
      const store = await open();
      await store.appendToLog('log', 'a', { maxLength: 5 });
      await store.set('text', 'a');
      await expect(store.get('log')).rejects.toThrow(/WRONGTYPE/);
      await expect(store.increment('log', 1_000)).rejects.toThrow(/WRONGTYPE/);
      await expect(store.compareAndDelete('log', 'a')).rejects.toThrow(/WRONGTYPE/);
      await expect(store.appendToLog('text', 'b', { maxLength: 5 })).rejects.toThrow(/WRONGTYPE/);
      await expect(store.readLogAfter('text')).rejects.toThrow(/WRONGTYPE/);
      expect(await store.get('text')).toBe('a');
    });
  });

  describe('pub/sub', () => {
    it('a message published on one connection reaches a subscriber on another, in order', async () => {
      const [subscriber, publisher] = await Promise.all([open(), open()]);
      const received = collector();
      await subscriber.subscribe('events', received.onMessage);
      for (const message of ['m1', 'm2', 'm3']) await publisher.publish('events', message);
      await eventually(() => expect(received.messages).toEqual(['m1', 'm2', 'm3']));
    });

    it('delivers asynchronously, never inside publish', async () => {
      const store = await open();
      const received = collector();
      await store.subscribe('events', received.onMessage);
      const publishing = store.publish('events', 'm');
      expect(received.messages).toEqual([]);
      await publishing;
      await eventually(() => expect(received.messages).toEqual(['m']));
    });

    it('every subscriber of the channel receives, on the same and on other connections', async () => {
      const [first, second, publisher] = await Promise.all([open(), open(), open()]);
      const handlers = [collector(), collector(), collector()];
      await first.subscribe('events', handlers[0]!.onMessage);
      await first.subscribe('events', handlers[1]!.onMessage);
      await second.subscribe('events', handlers[2]!.onMessage);
      await publisher.publish('events', 'hello');
      await eventually(() => {
        for (const handler of handlers) expect(handler.messages).toEqual(['hello']);
      });
    });

    it('unsubscribe stops delivery to that handler only, and can be called twice', async () => {
      const [subscriber, publisher, watcher] = await Promise.all([open(), open(), open()]);
      const [leaving, staying, sentinel] = [collector(), collector(), collector()];
      const unsubscribeLeaving = await subscriber.subscribe('events', leaving.onMessage);
      const unsubscribeStaying = await subscriber.subscribe('events', staying.onMessage);
      await unsubscribeLeaving();
      await unsubscribeLeaving();
      await publisher.publish('events', 'x');
      await eventually(() => expect(staying.messages).toEqual(['x']));
      await sleep(QUIET_PERIOD_MS);
      expect(leaving.messages).toEqual([]);

      await unsubscribeStaying();
      await watcher.subscribe('events', sentinel.onMessage);
      await publisher.publish('events', 'y');
      await eventually(() => expect(sentinel.messages).toEqual(['y']));
      await sleep(QUIET_PERIOD_MS);
      expect(staying.messages).toEqual(['x']);
    });

    it('resubscribing a channel after its last handler left works', async () => {
      const [subscriber, publisher] = await Promise.all([open(), open()]);
      const first = collector();
      const second = collector();
      const unsubscribe = await subscriber.subscribe('events', first.onMessage);
      await unsubscribe();
      await subscriber.subscribe('events', second.onMessage);
      await publisher.publish('events', 'again');
      await eventually(() => expect(second.messages).toEqual(['again']));
      expect(first.messages).toEqual([]);
    });

    it('messages on one channel do not reach another channel', async () => {
      const [subscriber, publisher] = await Promise.all([open(), open()]);
      const onA = collector();
      const onB = collector();
      await subscriber.subscribe('channel-a', onA.onMessage);
      await subscriber.subscribe('channel-b', onB.onMessage);
      await publisher.publish('channel-b', 'for b');
      await eventually(() => expect(onB.messages).toEqual(['for b']));
      await sleep(QUIET_PERIOD_MS);
      expect(onA.messages).toEqual([]);
    });

    it('a handler that throws is reported and does not stop delivery to the others', async () => {
      const [subscriber, publisher] = await Promise.all([open(), open()]);
      const healthy = collector();
      await subscriber.subscribe('events', () => {
        throw new Error('handler failed');
      });
      await subscriber.subscribe('events', healthy.onMessage);
      await publisher.publish('events', 'm1');
      await publisher.publish('events', 'm2');
      await eventually(() => expect(healthy.messages).toEqual(['m1', 'm2']));
      expect(reportedErrors).toHaveLength(2);
      expect(String(reportedErrors[0])).toMatch(/handler failed/);
    });
  });

  describe('key prefixes', () => {
    it('connections with different prefixes see different keys, logs and channels', async () => {
      const [mine, theirs] = await Promise.all([open(), open(freshPrefix())]);
      await mine.set('k', 'mine');
      expect(await theirs.get('k')).toBeNull();
      await theirs.set('k', 'theirs');
      expect(await mine.get('k')).toBe('mine');
      await mine.appendToLog('log', 'a', { maxLength: 5 });
      expect(await theirs.readLogAfter('log')).toEqual({ entries: [], gap: false });

      const [onMine, onTheirs] = [collector(), collector()];
      await mine.subscribe('events', onMine.onMessage);
      await theirs.subscribe('events', onTheirs.onMessage);
      await mine.publish('events', 'for mine');
      await eventually(() => expect(onMine.messages).toEqual(['for mine']));
      await sleep(QUIET_PERIOD_MS);
      expect(onTheirs.messages).toEqual([]);
    });

    it('the prefix is prepended to the key as it is', async () => {
      const [prefixed, unprefixed] = await Promise.all([open(), open('')]);
      await prefixed.set('k', 'v');
      expect(await unprefixed.get(`${prefix}k`)).toBe('v');
    });
  });

  describe('ping', () => {
    it('answers while the connection is open', async () => {
      const store = await open();
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });

  describe('close', () => {
    it('ends the connection: its subscriptions stop and later calls reject; the data stays', async () => {
      const [closing, publisher, watcher] = await Promise.all([open(), open(), open()]);
      const [onClosing, sentinel] = [collector(), collector()];
      const unsubscribe = await closing.subscribe('events', onClosing.onMessage);
      await closing.set('k', 'v');
      await closing.close();
      await closing.close();
      await unsubscribe();

      await watcher.subscribe('events', sentinel.onMessage);
      await publisher.publish('events', 'after close');
      await eventually(() => expect(sentinel.messages).toEqual(['after close']));
      await sleep(QUIET_PERIOD_MS);
      expect(onClosing.messages).toEqual([]);

      await expect(closing.get('k')).rejects.toThrow();
      await expect(closing.ping()).rejects.toThrow();
      await expect(closing.publish('events', 'm')).rejects.toThrow();
      await expect(closing.subscribe('events', () => undefined)).rejects.toThrow();
      expect(await publisher.get('k')).toBe('v');
    });
  });
}
