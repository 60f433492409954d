import type { DeadLetter } from './dead-letters';

/**
 * The event bus port. Services publish protobuf-encoded events keyed by aggregate id and consume
 * them as members of a consumer group named after the service. Delivery is at least once:
 * a handler that throws is retried, then dead-lettered to `<topic>.dlq`.
 */

/** Headers every event carries (ARCHITECTURE §2). */
export const EVENT_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  correlationId: 'correlation-id',
  traceparent: 'traceparent',
} as const;

/** Headers a dead-lettered message carries besides its original ones. */
export const DLQ_HEADERS = {
  error: 'dlq-error',
  originalTopic: 'dlq-original-topic',
  attempts: 'dlq-attempts',
  failedAt: 'dlq-failed-at',
} as const;

export const dlqTopicOf = (topic: string): string => `${topic}.dlq`;

export interface OutgoingMessage {
  /** The aggregate id: one key's messages are delivered in order. */
  key: string;
  value: Uint8Array;
  headers?: Record<string, string>;
}

export interface DeliveredMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
  partition: number;
  offset: string;
  /** 1 on first delivery, counting up on each retry. */
  attempt: number;
}

/**
 * A handler resolves when it is done with the message. It may answer `'duplicate'` when it
 * recognised a redelivery and skipped it (subscribeTopics' dedupe does): the message is committed
 * all the same, and counted apart from the processed ones.
 */
export type MessageHandler = (message: DeliveredMessage) => Promise<void | 'duplicate'>;

export interface SubscribeOptions {
  /** Consumer group: every group receives every message once; members of one group share the work. */
  group: string;
  topics: string[];
  handler: MessageHandler;
  /** Attempts before the message goes to `<topic>.dlq`. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry, doubled each time. Default 100 ms. */
  retryDelayMs?: number;
  /** Where a group that has no committed offset starts. Default: earliest. */
  fromBeginning?: boolean;
}

export interface ConsumerHandle {
  /** Stops fetching, lets the in-flight handler finish, commits, leaves the group. */
  stop(): Promise<void>;
}

export interface EventBus {
  /** Creates the topics (and their `.dlq` topics) if missing, waiting until they can be used. */
  ensureTopics(topics: string[]): Promise<void>;
  /** Resolves once every message is durably accepted (Kafka: acks from all in-sync replicas). */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  /** Resolves once the consumer has joined its group and is ready to receive. */
  subscribe(options: SubscribeOptions): Promise<ConsumerHandle>;
  /**
   * The messages now in the `.dlq` of each topic (for an operator: nothing is consumed or
   * committed), oldest failure first. Replaying one is `replayDeadLetter` (dead-letters.ts).
   */
  readDeadLetters(topics: string[]): Promise<DeadLetter[]>;
  /** Stops every consumer and the producer. */
  close(): Promise<void>;
}
