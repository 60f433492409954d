export {
  OutboxRelay,
  type OutboxBatch,
  type OutboxItem,
  type OutboxRelayOptions,
  type OutboxSource,
} from './outbox-relay';
export {
  messageOf,
  outboxEntryOf,
  OUTBOX_ENTRY_FIELDS,
  publishEntry,
  type EncodedMessage,
  type OutboxEntry,
} from './outbox-entry';
export { entriesSource, type EntryOutbox, type PendingEntries } from './entries-source';
export { outboxStatsOf, type OutboxStats } from './outbox-metrics';
