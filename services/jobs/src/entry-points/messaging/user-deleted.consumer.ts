import { confirmPurge, type ConsumerHandle, type EventBus, subscribeTopics } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { ProviderSettingsRepository } from '../../data-access/settings/provider-settings.repository';
import { PRODUCER } from '../../domain/jobs/job-events';
import { purgeUserJobs } from '../../domain/jobs/user-purge';

/**
 * `user.deleted` with purge (group `jobs`): every job of the user is deleted (each with
 * `job.deleted` through its outbox) and the setting removed, then `user.purged` confirms.
 * Idempotent, so a redelivery only confirms again. Without purge the records are kept.
 */
export function subscribeUserDeleted(deps: {
  bus: EventBus;
  jobs: JobRepository;
  settings: ProviderSettingsRepository;
  logger: Logger;
  onOutboxWritten(): void;
}): Promise<ConsumerHandle> {
  return subscribeTopics(deps.bus, {
    group: PRODUCER,
    handlers: {
      'user.deleted': async (envelope) => {
        const { userId, purge, requestedBy } = envelope.payload.value;
        if (!purge) return;
        const deleted = await purgeUserJobs(deps.jobs, deps.settings, userId, requestedBy || 'service:admin');
        if (deleted > 0) deps.onOutboxWritten();
        await confirmPurge(deps.bus, PRODUCER, envelope);
        deps.logger.info({ userId, deleted, eventId: envelope.eventId }, 'user purged');
      },
    },
  });
}
