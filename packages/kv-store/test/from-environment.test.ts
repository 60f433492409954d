import { keyValueStoreFromEnvironment, MemoryKeyValueStore } from '@kadr/kv-store';

describe('keyValueStoreFromEnvironment', () => {
  it('opens a private memory store when REDIS_URL is unset (REDIS_URL set: redis.contract.test.ts)', async () => {
    const store = keyValueStoreFromEnvironment(undefined, { keyPrefix: 'gateway:' });
    const other = keyValueStoreFromEnvironment(undefined, { keyPrefix: 'gateway:' });
    expect(store).toBeInstanceOf(MemoryKeyValueStore);
    await store.set('session:1', 'alice');
    expect(await store.get('session:1')).toBe('alice');
    // Private: another store from the same environment does not see it.
    expect(await other.get('session:1')).toBeNull();
    await Promise.all([store.close(), other.close()]);
  });
});
