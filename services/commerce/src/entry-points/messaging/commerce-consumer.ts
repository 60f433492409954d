import { subscribeTopics, type ConsumerHandle, type EventBus } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { CreditAccounts } from '../../domain/credits/accounts';
import type { Holds } from '../../domain/credits/holds';
import type { Subscriptions } from '../../domain/subscriptions/subscriptions';
import type { PurgeStores } from '../../domain/users/purge-user';
import { onJobDeleted } from './job-deleted.consumer';
import { onJobProgress } from './job-progress.consumer';
import { onPaymentCompleted } from './payment-completed.consumer';
import { onUserDeleted } from './user-deleted.consumer';
import { onUserRegistered } from './user-registered.consumer';

/** The consumer group: the service's name (ARCHITECTURE §9). */
export const CONSUMER_GROUP = 'commerce';

export interface CommerceConsumerDeps {
  bus: EventBus;
  accounts: CreditAccounts;
  holds: Holds;
  subscriptions: Subscriptions;
  stores: PurgeStores;
  logger: Logger;
}

/** One member of the `commerce` group for all the topics it consumes, each with its thin consumer. */
export function subscribeCommerce(deps: CommerceConsumerDeps): Promise<ConsumerHandle> {
  const { bus, accounts, holds, subscriptions, stores, logger } = deps;
  return subscribeTopics(bus, {
    group: CONSUMER_GROUP,
    handlers: {
      'user.registered': onUserRegistered(accounts),
      'job.progress': onJobProgress(holds, logger),
      'job.deleted': onJobDeleted(holds, logger),
      'payment.completed': onPaymentCompleted(accounts, subscriptions, logger),
      'user.deleted': onUserDeleted(stores, bus, logger),
    },
  });
}
