export { connectDocuments, buildIndexes, redactMongoUri } from './connection';
export { measureCommands, MONGODB_COMMAND_DURATION } from './command-metrics';
export type { ConnectDocumentsOptions, DocumentsConnection } from './connection';
export { isTransientDbError, toDbTransientError, DbTransientError, DB_TRANSIENT_PROBLEM } from './transient-errors';
export type { ErrorProblemHint } from './transient-errors';
export { DuplicateKeyError, isDuplicateKeyError, DUPLICATE_KEY_CODE } from './duplicate-key';
export { arrayElementStats, type ArrayElementStats } from './array-element-stats';
export type { DocumentsLogger } from './logger';
export { MemoryCollection } from './memory/memory-collection';
export type {
  DeepReadonly,
  FindOptions,
  MemoryCollectionOptions,
  Mutation,
  PersistenceOptions,
  Predicate,
  Selector,
} from './memory/memory-collection';
export type { SortSpec } from './memory/sort-order';
export { openStores, serviceDataDir } from './open-stores';
export type {
  OpenStoresOptions,
  OpenedStores,
  StoreFactory,
  StoreFactories,
  StoresConfig,
  StoresReadinessCheck,
} from './open-stores';
export { openInOrder } from './open-in-order';
export type { Closable, Closing, Own, Stoppable } from './open-in-order';
