import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { keyValueStoreFromEnvironment, KV_STORE_OPERATION_DURATION } from '@kadr/kv-store';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { histogramCounts } from '@kadr/tooling/test-helpers';
import { kvStoreContract } from './kv-store-contract';

describeWithRealServer('redis', 'kv-store contract [redis]', ({ url }) => {
  let admin: Redis;
  // Measured, as the gateway opens it: the contract holds through the measuring decorator too.
  const registry = new Registry();
  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    await admin.quit();
  });

  kvStoreContract({
    // REDIS_URL as the gateway reads it.
    connect: ({ keyPrefix, onError }) =>
      Promise.resolve(keyValueStoreFromEnvironment(url, { keyPrefix, onError, registry })),
    async removeKeys(keyPrefix) {
      // The contract's prefixes contain no glob characters, so the prefix can be used as a pattern as is.
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
        if (keys.length > 0) await admin.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  });

  // Declared after the contract, so it runs after all of its tests.
  it('timed the contract’s calls as redis calls, the refused ones as errors', async () => {
    const counts = await histogramCounts(registry, KV_STORE_OPERATION_DURATION, ['backend', 'operation', 'outcome']);
    expect(counts['redis set ok']).toBeGreaterThan(0);
    expect(counts['redis subscribe ok']).toBeGreaterThan(0);
    // The contract's WRONGTYPE and closed-connection cases.
    expect(counts['redis get error']).toBeGreaterThan(0);
    expect(Object.keys(counts).every((key) => key.startsWith('redis '))).toBe(true);
  });
});
