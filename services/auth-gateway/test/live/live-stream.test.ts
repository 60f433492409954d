import { MemoryKeyspace, MemoryKeyValueStore } from '@kadr/kv-store';
import { liveStreamSuite } from './live-stream-suite';

describe('live job stream across two gateway replicas [memory]', () => {
  let keyspace: MemoryKeyspace;
  beforeEach(() => {
    keyspace = new MemoryKeyspace();
  });
  liveStreamSuite(() => Promise.resolve(new MemoryKeyValueStore({ keyspace, keyPrefix: 'auth-gateway:' })));
});
