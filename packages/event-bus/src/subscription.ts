import { retryPolicyOf, type RetryPolicy } from './delivery';
import type { MessageHandler, SubscribeOptions } from './port';

/** Subscribe options checked once and with every default filled in, for both adapters. */
export interface Subscription {
  group: string;
  topics: string[];
  handler: MessageHandler;
  policy: RetryPolicy;
  fromBeginning: boolean;
}

export function subscriptionOf(options: SubscribeOptions): Subscription {
  if (!options.group) throw new TypeError('subscribe: group is required');
  if (options.topics.length === 0) throw new TypeError('subscribe: at least one topic is required');
  if (options.topics.some((topic) => !topic)) throw new TypeError('subscribe: topic names must not be empty');
  return {
    group: options.group,
    topics: [...new Set(options.topics)],
    handler: options.handler,
    policy: retryPolicyOf(options),
    fromBeginning: options.fromBeginning ?? true,
  };
}
