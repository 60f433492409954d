import { encodeEvent, timestampFromDate, type EventEnvelopeOf } from '@kadr/contracts';
import type { EventBus } from './port';

/**
 * `user.purged` from `service`: the confirmation each service sends once it has removed what it
 * kept of a user deleted with purge (the admin service waits for every service's). Carries the
 * deletion's correlation id (its event id when it had none).
 */
export async function confirmPurge(
  bus: Pick<EventBus, 'publish'>,
  service: string,
  deletion: Pick<EventEnvelopeOf<'userDeleted'>, 'payload' | 'correlationId' | 'eventId'>,
  purgedAt: Date = new Date(),
): Promise<void> {
  const purged = encodeEvent(
    {
      case: 'userPurged',
      value: { userId: deletion.payload.value.userId, service, purgedAt: timestampFromDate(purgedAt) },
    },
    { producer: service, correlationId: deletion.correlationId || deletion.eventId },
  );
  await bus.publish(purged.topic, [purged]);
}
