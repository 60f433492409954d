export type { KeyValueStore, LogEntry, LogRead, Unsubscribe } from './port';
export { createKeyValueStore, keyValueStoreFromEnvironment, type KeyValueStoreConfig } from './factory';
export { KV_STORE_OPERATION_DURATION, MeasuredKeyValueStore, type KeyValueBackend } from './measured-key-value-store';
export { MemoryKeyspace, type MemoryKeyspaceOptions } from './memory/keyspace';
export { MemoryKeyValueStore, type MemoryKeyValueStoreOptions } from './memory/memory-key-value-store';
export { RedisKeyValueStore, type RedisKeyValueStoreOptions } from './redis/redis-key-value-store';
export { compareLogIds, compareLogIdValues, isLogId, parseLogId, type LogId } from './log-id';
