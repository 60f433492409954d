import type { BusMetrics } from './bus-metrics';
import { retryPolicyOf, type RetryPolicy } from './delivery';
import type { MessageHandler, SubscribeOptions } from './port';
import { tracedHandler, type MessagingSystem } from './trace-context';

/** Subscribe options checked once and with every default filled in, for both adapters. */
export interface Subscription {
  group: string;
  topics: string[];
  /** The subscriber's handler, each attempt traced (trace-context.ts), timed and counted (bus-metrics.ts). */
  handler: MessageHandler;
  policy: RetryPolicy;
  fromBeginning: boolean;
}

export function subscriptionOf(options: SubscribeOptions, system: MessagingSystem, metrics: BusMetrics): Subscription {
  if (!options.group) throw new TypeError('subscribe: group is required');
  if (options.topics.length === 0) throw new TypeError('subscribe: at least one topic is required');
  if (options.topics.some((topic) => !topic)) throw new TypeError('subscribe: topic names must not be empty');
  const policy = retryPolicyOf(options);
  return {
    group: options.group,
    topics: [...new Set(options.topics)],
    handler: metrics.countedHandler(
      options.group,
      policy.maxAttempts,
      tracedHandler(system, options.group, options.handler),
    ),
    policy,
    fromBeginning: options.fromBeginning ?? true,
  };
}
