import { JobProgressKind, timestampDate, type EventEnvelope } from '@kadr/contracts';
import { confirmPurge, subscribeTopics, type ConsumerHandle, type EventBus } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { PreferenceRepository } from '../../data-access/preference.repository';
import type { RecipientRepository } from '../../data-access/recipient.repository';
import type { Inbox } from '../../domain/inbox/inbox';
import { DEFAULT_LANGUAGE, isLanguage } from '../../domain/email/language';
import type { NotificationsMetrics } from '../metrics/notifications-metrics';

export const SERVICE = 'notifications';

export interface NotificationsConsumerDeps {
  bus: EventBus;
  inbox: Inbox;
  recipients: RecipientRepository;
  preferences: PreferenceRepository;
  metrics: Pick<NotificationsMetrics, 'notificationCreated'>;
  logger: Logger;
  now?: () => Date;
}

const occurredAt = (envelope: Pick<EventEnvelope, 'occurredAt'>, own?: Parameters<typeof timestampDate>[0]) =>
  own ? timestampDate(own) : envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date();

/**
 * The events notifications follows: `user.registered` (address and language for e-mail),
 * `job.created` (the prompt), `job.progress` COMPLETED / FAILED (the notification; cancelled jobs
 * were the user's own doing and get none), `job.deleted`, and `user.deleted` (everything goes;
 * with purge, confirmed with `user.purged`). Every handler is idempotent: delivery is at least once.
 */
export function subscribeNotificationEvents({
  bus,
  inbox,
  recipients,
  preferences,
  metrics,
  logger,
  now = () => new Date(),
}: NotificationsConsumerDeps): Promise<ConsumerHandle> {
  return subscribeTopics(bus, {
    group: SERVICE,
    logger,
    handlers: {
      'user.registered': async ({ payload }) => {
        const { userId, email, name, preferredLanguage } = payload.value;
        const language = isLanguage(preferredLanguage) ? preferredLanguage : DEFAULT_LANGUAGE;
        await recipients.save({ id: userId, email, name, language });
      },
      'job.created': async ({ payload }) => {
        const { jobId, userId, prompt } = payload.value;
        await inbox.jobCreated(jobId, userId, prompt);
      },
      'job.progress': async (envelope) => {
        const { jobId, userId, kind, errorCode, failureKind } = envelope.payload.value;
        if (kind !== JobProgressKind.COMPLETED && kind !== JobProgressKind.FAILED) return;
        const completed = kind === JobProgressKind.COMPLETED;
        const { notification, created } = await inbox.jobFinished({
          jobId,
          userId,
          kind: completed ? 'job_completed' : 'job_failed',
          // The same words the ledger's release uses (commerce: failure kind, else the catalogue code).
          reason: completed ? null : failureKind || errorCode || 'unknown',
          finishedAt: occurredAt(envelope, envelope.payload.value.occurredAt),
          correlationId: envelope.correlationId || undefined,
        });
        if (created) metrics.notificationCreated(notification.kind);
      },
      'job.deleted': async (envelope) => {
        const { jobId, userId } = envelope.payload.value;
        await inbox.jobDeleted(jobId, userId, envelope.correlationId || undefined);
      },
      'user.deleted': async (envelope) => {
        const { userId, purge } = envelope.payload.value;
        await inbox.forgetUser(userId);
        await recipients.delete(userId);
        await preferences.delete(userId);
        if (purge) await confirmPurge(bus, SERVICE, envelope, now());
        logger.info({ userId, purge, eventId: envelope.eventId }, 'user deleted');
      },
    },
  });
}
