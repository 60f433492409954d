import { encodeEvent, timestampFromDate } from '@kadr/contracts';
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
    const purged = encodeEvent(
      { case: 'userPurged', value: { userId, service: 'commerce', purgedAt: timestampFromDate(new Date()) } },
      { producer: 'commerce', correlationId: event.correlationId },
    );
    await bus.publish(purged.topic, [purged]);
    logger.info({ userId }, 'user purged');
  };
}
