import { confirmPurge, type ConsumerHandle, type EventBus, subscribeTopics } from '@kadr/event-bus';
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
  return subscribeTopics(bus, {
    group: SERVICE,
    handlers: {
      'user.registered': async ({ payload }) => {
        const { userId, preferredLanguage } = payload.value;
        const language = isSupportedLanguage(preferredLanguage) ? preferredLanguage : DEFAULT_LANGUAGE;
        await preferences.createIfAbsent(userId, language, now());
      },
      'user.deleted': async (envelope) => {
        const { userId, purge } = envelope.payload.value;
        const deleted = await preferences.delete(userId);
        if (purge) await confirmPurge(bus, SERVICE, envelope, now());
        logger.info({ userId, purge, deleted, eventId: envelope.eventId }, 'user deleted');
      },
    },
  });
}
