import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisKeyValueStore } from '@kadr/kv-store';
import { describeWithRealServer } from '@kadr/tooling/real-servers';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Connection handling that only the Redis adapter has (the shared behaviour is in the contract). */
describeWithRealServer('redis', 'kv-store redis connections', ({ url }) => {
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    await admin.quit();
  });

  async function connectionsNamed(name: string): Promise<number> {
    const list = await admin.client('LIST');
    return String(list)
      .split('\n')
      .filter((line) => line.includes(` name=${name} `)).length;
  }

  async function subscriberCount(channel: string): Promise<number> {
    const [, count] = (await admin.pubsub('NUMSUB', channel)) as [string, number];
    return Number(count);
  }

  it('opens the subscriber connection on the first subscribe and closes both on close()', async () => {
    const name = `kv-test-${randomUUID().slice(0, 8)}`;
    const store = new RedisKeyValueStore({ url, keyPrefix: `${name}:`, redisOptions: { connectionName: name } });
    await store.get('anything');
    expect(await connectionsNamed(name)).toBe(1);
    await store.subscribe('events', () => undefined);
    expect(await connectionsNamed(name)).toBe(2);
    await store.close();
    // QUIT resolves on the server's OK; the server drops the connection right after.
    const deadline = Date.now() + 2_000;
    while ((await connectionsNamed(name)) > 0 && Date.now() < deadline) await sleep(10);
    expect(await connectionsNamed(name)).toBe(0);
  });

  it('shares one SUBSCRIBE between the handlers of a channel and unsubscribes when the last leaves', async () => {
    const prefix = `kv-test-${randomUUID().slice(0, 8)}:`;
    const store = new RedisKeyValueStore({ url, keyPrefix: prefix });
    try {
      const leaveFirst = await store.subscribe('events', () => undefined);
      const leaveSecond = await store.subscribe('events', () => undefined);
      expect(await subscriberCount(`${prefix}events`)).toBe(1);
      await leaveFirst();
      expect(await subscriberCount(`${prefix}events`)).toBe(1);
      await leaveSecond();
      expect(await subscriberCount(`${prefix}events`)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
