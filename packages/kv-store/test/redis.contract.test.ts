import { Redis } from 'ioredis';
import { keyValueStoreFromEnvironment } from '@kadr/kv-store';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { kvStoreContract } from './kv-store-contract';

describeWithRealServer('redis', 'kv-store contract [redis]', ({ url }) => {
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    await admin.quit();
  });

  kvStoreContract({
    // REDIS_URL as the gateway reads it.
    connect: ({ keyPrefix, onError }) => Promise.resolve(keyValueStoreFromEnvironment(url, { keyPrefix, onError })),
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
});
