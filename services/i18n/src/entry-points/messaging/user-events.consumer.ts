import { decodeEventOn, encodeEvent, timestampFromDate } from '@kadr/contracts';
import type { ConsumerHandle, EventBus } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { PreferenceRepository } from '../../data-access/preference.repository';
import { DEFAULT_LANGUAGE, isSupportedLanguage } from '../../domain/languages';

export const SERVICE = 'i18n';

export interface UserEventsConsumerDeps {
  bus: EventBus;
  preferences: PreferenceRepository;
  logger: Logger;
  now?: () => Date;
}

/**
 * Keeps the preferences in step with the users: `user.registered` gives a new user the language
 * their sign-in suggested (or the default) without overriding a choice already made;
 * `user.deleted` removes the record and, with purge, confirms with `user.purged`. Both are
 * naturally idempotent, so redeliveries do no harm.
 */
export function subscribeUserEvents({
  bus,
  preferences,
  logger,
  now = () => new Date(),
}: UserEventsConsumerDeps): Promise<ConsumerHandle> {
  return bus.subscribe({
    group: SERVICE,
    topics: ['user.registered', 'user.deleted'],
    handler: async (message) => {
      if (message.topic === 'user.registered') {
        const { userId, preferredLanguage } = decodeEventOn('user.registered', message.value).payload.value;
        const language = isSupportedLanguage(preferredLanguage) ? preferredLanguage : DEFAULT_LANGUAGE;
        await preferences.createIfAbsent(userId, language, now());
        return;
      }
      const envelope = decodeEventOn('user.deleted', message.value);
      const { userId, purge } = envelope.payload.value;
      const deleted = await preferences.delete(userId);
      if (purge) {
        const purged = encodeEvent(
          { case: 'userPurged', value: { userId, service: SERVICE, purgedAt: timestampFromDate(now()) } },
          { producer: SERVICE, correlationId: envelope.correlationId || envelope.eventId },
        );
        await bus.publish(purged.topic, [purged]);
      }
      logger.info({ userId, purge, deleted, eventId: envelope.eventId }, 'user deleted');
    },
  });
}
