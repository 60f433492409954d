import { histogramCounts } from '@kadr/tooling/test-helpers';
import { Registry } from 'prom-client';
import {
  createKeyValueStore,
  keyValueStoreFromEnvironment,
  KV_STORE_OPERATION_DURATION,
  MemoryKeyspace,
  MemoryKeyValueStore,
} from '@kadr/kv-store';

const countsOf = (registry: Registry) =>
  histogramCounts(registry, KV_STORE_OPERATION_DURATION, ['backend', 'operation', 'outcome']);

describe('a key-value store given a registry', () => {
  it('times every call by backend, operation and outcome, and answers as the store it measures', async () => {
    const registry = new Registry();
    const store = createKeyValueStore({ kind: 'memory', keyPrefix: 'gateway:', registry });

    await store.set('session:1', 'alice', 60_000);
    expect(await store.get('session:1')).toBe('alice');
    expect(await store.get('session:2')).toBeNull();
    expect(await store.setIfAbsent('lock', 'me', 1_000)).toBe(true);
    expect(await store.compareAndDelete('lock', 'me')).toBe(true);
    expect(await store.increment('counter', 1_000)).toBe(1);
    // A counter that is not a number: the store rejects, and the call counts as an error.
    await expect(store.increment('session:1', 1_000)).rejects.toThrow('not an integer');
    await store.appendToLog('feed', 'first', { maxLength: 10 });
    expect((await store.readLogAfter('feed')).entries.map((entry) => entry.value)).toEqual(['first']);
    await store.ping();

    expect(await countsOf(registry)).toEqual({
      'memory set ok': 1,
      'memory get ok': 2,
      'memory setIfAbsent ok': 1,
      'memory compareAndDelete ok': 1,
      'memory increment ok': 1,
      'memory increment error': 1,
      'memory appendToLog ok': 1,
      'memory readLogAfter ok': 1,
      'memory ping ok': 1,
    });
    await store.close();
  });

  it('times the subscribe call only, not the messages the subscription delivers later', async () => {
    const registry = new Registry();
    const store = createKeyValueStore({ kind: 'memory', registry });
    const received: string[] = [];
    const unsubscribe = await store.subscribe('live', (message) => received.push(message));
    await store.publish('live', 'one');
    await store.publish('live', 'two');
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual(['one', 'two']);
    await unsubscribe();

    expect(await countsOf(registry)).toEqual({ 'memory subscribe ok': 1, 'memory publish ok': 2 });
    await store.close();
  });

  it('does not time close, and counts the calls a closed store refuses as errors', async () => {
    const registry = new Registry();
    const store = keyValueStoreFromEnvironment(undefined, { keyPrefix: 'gateway:', registry });
    await store.close();
    await expect(store.get('session:1')).rejects.toThrow('closed');

    expect(await countsOf(registry)).toEqual({ 'memory get error': 1 });
  });

  it('adds the calls of every store measured in one registry to the same histogram', async () => {
    const registry = new Registry();
    const keyspace = new MemoryKeyspace();
    const first = createKeyValueStore({ kind: 'memory', keyspace, registry });
    const second = createKeyValueStore({ kind: 'memory', keyspace, registry });
    await first.set('shared', 'value');
    expect(await second.get('shared')).toBe('value');

    expect(await countsOf(registry)).toEqual({ 'memory set ok': 1, 'memory get ok': 1 });
    await Promise.all([first.close(), second.close()]);
  });

  it('is the adapter itself, unmeasured, without a registry', () => {
    expect(createKeyValueStore({ kind: 'memory' })).toBeInstanceOf(MemoryKeyValueStore);
  });
});
