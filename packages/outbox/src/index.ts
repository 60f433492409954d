export {
  OutboxRelay,
  type OutboxBatch,
  type OutboxItem,
  type OutboxRelayOptions,
  type OutboxSource,
} from './outbox-relay';
