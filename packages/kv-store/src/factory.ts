import type { Registry } from 'prom-client';
import { MeasuredKeyValueStore } from './measured-key-value-store';
import type { MemoryKeyspace } from './memory/keyspace';
import { MemoryKeyValueStore } from './memory/memory-key-value-store';
import type { KeyValueStore } from './port';
import { RedisKeyValueStore } from './redis/redis-key-value-store';

interface CommonConfig {
  /** Prepended to every key and channel, e.g. `gateway:` (namespacing per service). */
  keyPrefix?: string;
  /** Receives errors nobody awaits (subscriber handlers that threw, connection errors). */
  onError?: (error: unknown) => void;
  /** Given: every call is timed there (`kv_store_operation_duration_seconds`, MeasuredKeyValueStore). */
  registry?: Registry;
}

export type KeyValueStoreConfig =
  | (CommonConfig & {
      kind: 'memory';
      /** Share one keyspace between stores to let them see the same data (embedded replicas); a private one when omitted. */
      keyspace?: MemoryKeyspace;
    })
  | (CommonConfig & { kind: 'redis'; url: string });

/** The composition root's one call: the adapter the configuration names, measured when given a registry. */
export function createKeyValueStore(config: KeyValueStoreConfig): KeyValueStore {
  const store = openAdapter(config);
  return config.registry ? new MeasuredKeyValueStore(store, config.kind, config.registry) : store;
}

function openAdapter(config: KeyValueStoreConfig): KeyValueStore {
  switch (config.kind) {
    case 'memory':
      return new MemoryKeyValueStore({
        keyspace: config.keyspace,
        keyPrefix: config.keyPrefix,
        onError: config.onError,
      });
    case 'redis':
      return new RedisKeyValueStore({ url: config.url, keyPrefix: config.keyPrefix, onError: config.onError });
  }
}

/**
 * REDIS_URL → Redis; unset: a private memory store (the embedded mode). `onError` receives the
 * errors nobody awaits (connection drops, subscriber handlers that threw); with `registry` every
 * call is timed there.
 */
export function keyValueStoreFromEnvironment(redisUrl: string | undefined, common: CommonConfig): KeyValueStore {
  return redisUrl
    ? createKeyValueStore({ kind: 'redis', url: redisUrl, ...common })
    : createKeyValueStore({ kind: 'memory', ...common });
}
