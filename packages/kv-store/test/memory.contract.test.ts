import { createKeyValueStore, MemoryKeyspace } from '@kadr/kv-store';
import { kvStoreContract } from './kv-store-contract';

describe('kv-store contract [memory]', () => {
  // One keyspace plays the server; every connect() is another store ("connection") on it.
  const keyspace = new MemoryKeyspace();
  kvStoreContract({
    connect: ({ keyPrefix, onError }) =>
      Promise.resolve(createKeyValueStore({ kind: 'memory', keyspace, keyPrefix, onError })),
  });
});
