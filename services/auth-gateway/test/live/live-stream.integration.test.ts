import { randomUUID } from 'node:crypto';
import { RedisKeyValueStore } from '@kadr/kv-store';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { liveStreamSuite } from './live-stream-suite';

describeWithRealServer('redis', 'live job stream across two gateway replicas [redis]', ({ url }) => {
  let keyPrefix: string;
  beforeEach(() => {
    // Each test its own keyspace on the shared server.
    keyPrefix = `test:auth-gateway-live:${randomUUID()}:`;
  });
  liveStreamSuite(() => Promise.resolve(new RedisKeyValueStore({ url, keyPrefix })));
});
