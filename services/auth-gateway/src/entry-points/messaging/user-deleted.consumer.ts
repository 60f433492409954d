import { confirmPurge, type ConsumerHandle, type EventBus, subscribeTopics } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { LiveFeedStore } from '../../data-access/live/live-feed-store';
import type { PresenceStore } from '../../data-access/live/presence-store';
import type { SessionStore } from '../../data-access/sessions/session-store';
import type { UserRepository } from '../../data-access/users/user.repository';
import { PRODUCER } from '../../domain/identity/user-registered-event';

export interface UserDeletedConsumerDeps {
  bus: EventBus;
  users: Pick<UserRepository, 'delete'>;
  sessions: Pick<SessionStore, 'destroyAllForUser'>;
  /** The live channel: the user's replay buffer is deleted and their open streams end. */
  liveFeed?: Pick<LiveFeedStore, 'forget'>;
  /** When the user was last on the site: forgotten with them. */
  presence?: Pick<PresenceStore, 'forget'>;
  logger: Logger;
}

/**
 * `user.deleted` (from admin): the person is signed out everywhere at once, their live-update
 * replay buffer is deleted (their open streams end) and their user record (the link to their
 * identity) is removed, so a later sign-in starts a new user. With
 * `purge`, the gateway confirms with `user.purged`. Every step is idempotent, so a redelivery
 * (at least once) or a retry after a failed publish does no harm.
 */
export function subscribeUserDeleted({
  bus,
  users,
  sessions,
  liveFeed,
  presence,
  logger,
}: UserDeletedConsumerDeps): Promise<ConsumerHandle> {
  return subscribeTopics(bus, {
    group: PRODUCER,
    handlers: {
      'user.deleted': async (envelope) => {
        const { userId, purge } = envelope.payload.value;
        const endedSessions = await sessions.destroyAllForUser(userId);
        await liveFeed?.forget(userId);
        await presence?.forget(userId);
        const deleted = await users.delete(userId);
        if (purge) await confirmPurge(bus, PRODUCER, envelope);
        logger.info({ userId, purge, endedSessions, deleted, eventId: envelope.eventId }, 'user deleted');
      },
    },
  });
}
