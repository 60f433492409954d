import { encodeEvent, timestampFromDate } from '@kadr/contracts';
import type { EventBus } from '@kadr/event-bus';
import type { PurgeEvents } from '../../domain/purge/user-purges';

export const SERVICE = 'admin';

/** `user.deleted` and admin's own `user.purged` on the bus (keyed by user id). */
export function busPurgeEvents(bus: EventBus, now: () => Date = () => new Date()): PurgeEvents {
  return {
    async userDeleted({ userId, requestedBy, requestedAt, correlationId }) {
      const event = encodeEvent(
        {
          case: 'userDeleted',
          value: { userId, requestedBy, purge: true, requestedAt: timestampFromDate(requestedAt) },
        },
        { producer: SERVICE, correlationId },
      );
      await bus.publish(event.topic, [event]);
    },
    async userPurged(userId, correlationId) {
      const event = encodeEvent(
        { case: 'userPurged', value: { userId, service: SERVICE, purgedAt: timestampFromDate(now()) } },
        { producer: SERVICE, correlationId },
      );
      await bus.publish(event.topic, [event]);
    },
  };
}
