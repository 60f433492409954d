import { decodeEventOn, type EventCaseOn, type EventEnvelopeOf, type Topic } from '@kadr/contracts';
import { dlqTopicOf } from './port';
import type { ConsumerHandle, DeliveredMessage, EventBus, MessageHandler, SubscribeOptions } from './port';

/**
 * A service's consumer in one call: a consumer group subscribed to a map of topic → handler,
 * each message decoded with its topic's decoder before its handler sees it. One subscription
 * for all the topics rather than one per topic: members of one Kafka group with different
 * subscriptions can be assigned partitions of topics they do not handle.
 */

/** A topic's handler: the envelope decoded for that topic (payload narrowed) and the delivery it came in. */
export type TopicHandler<T extends Topic> = (
  envelope: EventEnvelopeOf<EventCaseOn<T>>,
  message: DeliveredMessage,
) => Promise<void>;

/** Topic → its handler. The group is subscribed to exactly these topics. */
export type TopicHandlers<T extends Topic = Topic> = { [K in T]: TopicHandler<K> };

/**
 * Where a consumer records the event ids it handled, for effects that are not idempotent by
 * themselves (delivery is at least once).
 */
export interface EventIdClaims {
  /** Marks the event as handled; false when it already was (a redelivery). */
  claim(eventId: string): Promise<boolean>;
  /** Forgets a claim whose handler failed, so the retry handles the event. */
  unclaim(eventId: string): Promise<void>;
}

export interface SubscribeTopicsOptions<T extends Topic> extends Omit<SubscribeOptions, 'topics' | 'handler'> {
  handlers: TopicHandlers<T>;
  /**
   * Handle each event id once: claimed before its handler (a redelivery already claimed is
   * skipped), unclaimed when the handler throws. An envelope without an event id is handled as is.
   */
  dedupe?: EventIdClaims;
  /**
   * Also subscribe to these topics' dead letters (`<topic>.dlq`), handed over undecoded: what
   * was dead-lettered may not even decode.
   */
  deadLetters?: { of: readonly Topic[]; handler: MessageHandler };
  /** Where a skipped redelivery is noted (debug). */
  logger?: { debug(fields: Record<string, unknown>, message: string): void };
}

/**
 * Subscribes `group` to the topics of `handlers`. A message that does not decode as its topic's
 * event (garbage, or an event case this build does not know) throws, as does a failing handler:
 * the bus retries it and then dead-letters it to `<topic>.dlq`.
 */
export function subscribeTopics<T extends Topic>(
  bus: EventBus,
  { handlers, dedupe, deadLetters, logger, ...options }: SubscribeTopicsOptions<T>,
): Promise<ConsumerHandle> {
  const topics = Object.keys(handlers) as T[];
  const deadLetterTopics = (deadLetters?.of ?? []).map(dlqTopicOf);
  const isHandled = (topic: string): topic is T => Object.hasOwn(handlers, topic);

  const handle = async <K extends T>(topic: K, message: DeliveredMessage): Promise<void | 'duplicate'> => {
    const envelope = decodeEventOn(topic, message.value);
    const handler: TopicHandler<K> = handlers[topic];
    const { eventId } = envelope;
    if (!dedupe || !eventId) return handler(envelope, message);
    if (!(await dedupe.claim(eventId))) {
      logger?.debug({ eventId, topic }, 'event already handled');
      return 'duplicate'; // counted as such by the bus (eventbus_messages_consumed_total)
    }
    try {
      await handler(envelope, message);
    } catch (error) {
      await dedupe.unclaim(eventId).catch(() => undefined);
      throw error;
    }
  };

  return bus.subscribe({
    ...options,
    topics: [...topics, ...deadLetterTopics],
    handler: async (message) => {
      if (isHandled(message.topic)) return handle(message.topic, message);
      if (deadLetters && deadLetterTopics.includes(message.topic)) return deadLetters.handler(message);
      throw new Error(`no handler for topic ${message.topic}`);
    },
  });
}
