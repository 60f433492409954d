import { confirmPurge } from '@kadr/event-bus';
import type { EventBus, TopicHandler } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import { purgeUser, type PurgeStores } from '../../domain/users/purge-user';

/**
 * `user.deleted` with purge → erase the user's account, ledger and orders, then publish
 * `user.purged` (directly: the account that could carry it in its outbox is gone; a repeat
 * purges nothing and confirms again, which admin tolerates). Without purge the records stay.
 */
export function onUserDeleted(stores: PurgeStores, bus: EventBus, logger: Logger): TopicHandler<'user.deleted'> {
  return async (event) => {
    const { userId, purge } = event.payload.value;
    if (!purge) return;
    await purgeUser(stores, userId);
    await confirmPurge(bus, 'commerce', event);
    logger.info({ userId }, 'user purged');
  };
}
