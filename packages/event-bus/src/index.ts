export * from './port';
export { createEventBus, eventBusFromEnvironment, type EventBusConfig } from './create-event-bus';
export { MemoryEventBus, DEFAULT_MEMORY_PARTITIONS, type MemoryEventBusOptions } from './memory/memory-event-bus';
export {
  KafkaEventBus,
  DEFAULT_RETENTION_MS,
  DEFAULT_DEAD_LETTER_RETENTION_MS,
  type KafkaEventBusOptions,
} from './kafka/kafka-event-bus';
export { DEFAULT_TOPIC_PARTITIONS, topicPlan, type PlannedTopic } from './kafka/kafka-topics';
export type { KafkaConsumerTuning } from './kafka/kafka-consumer';
export type { KafkaLogLevelName } from './kafka/kafka-log';
export type { EventBusLog } from './log';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS } from './delivery';
export {
  subscribeTopics,
  type EventIdClaims,
  type SubscribeTopicsOptions,
  type TopicHandler,
  type TopicHandlers,
} from './subscribe-topics';
export { headersWithTraceContext, type MessagingSystem } from './trace-context';
export { confirmPurge } from './purge-confirmation';
export { replayDeadLetter, replayMessageOf, type DeadLetter } from './dead-letters';
