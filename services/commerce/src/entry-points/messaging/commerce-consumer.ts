import type { Topic } from '@kadr/contracts';
import type { ConsumerHandle, DeliveredMessage, EventBus } from '@kadr/event-bus';

export type TopicHandlers = Partial<Record<Topic, (message: DeliveredMessage) => Promise<void>>>;

/** The consumer group: the service's name (ARCHITECTURE §9). */
export const CONSUMER_GROUP = 'commerce';

/**
 * One member of the `commerce` group for all the topics it consumes, handing each message to
 * its topic's thin consumer. (One subscription rather than one per topic: members of one
 * Kafka group with different subscriptions can be assigned partitions of topics they do not handle.)
 */
export async function subscribeCommerce(bus: EventBus, handlers: TopicHandlers): Promise<ConsumerHandle> {
  const topics = Object.keys(handlers) as Topic[];
  await bus.ensureTopics(topics);
  return bus.subscribe({
    group: CONSUMER_GROUP,
    topics,
    handler: async (message) => {
      const handle = handlers[message.topic as Topic];
      if (!handle) throw new Error(`no handler for topic ${message.topic}`);
      await handle(message);
    },
  });
}
