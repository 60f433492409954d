import { MemoryKeyspace, MemoryKeyValueStore } from '@kadr/kv-store';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('memory keyspace', () => {
  it('drops expired keys nobody reads again when a later write sweeps', async () => {
    const clock = fakeClock();
    const keyspace = new MemoryKeyspace({ now: clock.now, sweepIntervalMs: 1_000 });
    const store = new MemoryKeyValueStore({ keyspace });
    for (let i = 0; i < 100; i += 1) await store.set(`idempotency:${i}`, 'reply', 500);
    await store.set('kept', 'v');
    expect(keyspace.heldKeyCount).toBe(101);

    clock.advance(600);
    await store.set('another', 'v');
    expect(keyspace.heldKeyCount).toBe(102); // expired, but the sweep is not due yet

    clock.advance(600);
    await store.set('trigger', 'v');
    expect(keyspace.heldKeyCount).toBe(3);
  });

  it('expires lazily on access with no timer keeping the process alive', async () => {
    const clock = fakeClock();
    const store = new MemoryKeyValueStore({ keyspace: new MemoryKeyspace({ now: clock.now }) });
    const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    await store.set('session', 'v', 1_000);
    await store.appendToLog('replay', 'e', { maxLength: 10, ttlMs: 1_000 });
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout')).toHaveLength(timersBefore);

    clock.advance(999);
    expect(await store.get('session')).toBe('v');
    expect(await store.ttl('session')).toBe(1);
    clock.advance(1);
    expect(await store.get('session')).toBeNull();
    expect(await store.readLogAfter('replay')).toEqual({ entries: [], gap: false });
  });

  it('gives log ids from the clock, with a sequence when several entries share a millisecond', async () => {
    const clock = fakeClock(5_000);
    const store = new MemoryKeyValueStore({ keyspace: new MemoryKeyspace({ now: clock.now }) });
    const ids = [
      await store.appendToLog('log', 'a', { maxLength: 10 }),
      await store.appendToLog('log', 'b', { maxLength: 10 }),
    ];
    clock.advance(1);
    ids.push(await store.appendToLog('log', 'c', { maxLength: 10 }));
    expect(ids).toEqual(['5000-0', '5000-1', '5001-0']);
  });
});

describe('memory store connections', () => {
  it('connect() opens another connection to the same keyspace, with its own prefix and close()', async () => {
    const first = new MemoryKeyValueStore({ keyPrefix: 'gateway:' });
    const second = first.connect();
    const other = first.connect({ keyPrefix: 'jobs:' });
    await first.set('session', 'v');
    expect(await second.get('session')).toBe('v');
    expect(await other.get('session')).toBeNull();

    await first.close();
    await expect(first.get('session')).rejects.toThrow(/closed/);
    expect(await second.get('session')).toBe('v');
  });

  it('one store instance can be shared, e.g. by several gateway replicas in one process', async () => {
    const shared = new MemoryKeyValueStore();
    const received: string[] = [];
    await shared.subscribe('jobs', (m) => received.push(`replica-a:${m}`));
    await shared.subscribe('jobs', (m) => received.push(`replica-b:${m}`));
    await shared.publish('jobs', 'progress');
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual(['replica-a:progress', 'replica-b:progress']);
  });

  it('a message still queued when unsubscribe is called is not delivered', async () => {
    const store = new MemoryKeyValueStore();
    const received: string[] = [];
    const unsubscribe = await store.subscribe('events', (m) => received.push(m));
    await store.publish('events', 'queued');
    await unsubscribe();
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([]);
  });
});
