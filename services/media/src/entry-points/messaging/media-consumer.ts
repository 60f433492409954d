import { JobProgressKind } from '@kadr/contracts';
import { confirmPurge, type ConsumerHandle, type EventBus, subscribeTopics } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { ShareLinks } from '../../domain/shares/share-links';
import type { MediaLibrary } from '../../domain/videos/media-library';

/** The consumer group and producer name: the service's name (ARCHITECTURE §9). */
export const SERVICE = 'media';

export interface MediaConsumerDeps {
  bus: EventBus;
  library: MediaLibrary;
  shares: ShareLinks;
  logger: Logger;
  now?: () => Date;
}

/**
 * One member of the `media` group for the three topics it consumes. Every handler is idempotent
 * — a record per job id, deletes that find nothing are fine — so redeliveries do no harm. A
 * handler that throws is retried and then dead-lettered by the bus.
 */
export function subscribeMedia({
  bus,
  library,
  shares,
  logger,
  now = () => new Date(),
}: MediaConsumerDeps): Promise<ConsumerHandle> {
  return subscribeTopics(bus, {
    group: SERVICE,
    handlers: {
      'job.progress': async ({ payload }) => {
        const progress = payload.value;
        // Only a finished video is media's business; queued/started/progress/failed are not.
        if (progress.kind !== JobProgressKind.COMPLETED) return;
        const { video, inserted } = await library.registerCompletion(progress);
        if (inserted) logger.info({ jobId: video.jobId, userId: video.userId }, 'video registered');
      },
      'job.deleted': async ({ payload }, message) => {
        const { jobId, userId } = payload.value;
        if (!jobId) {
          logger.warn({ offset: message.offset }, 'job.deleted without a job id: ignored');
          return;
        }
        // Links first: the public page must be gone before (and even if) the blobs are.
        const removedShareLinks = await shares.deleteJob(jobId);
        const removed = await library.deleteJob(jobId, userId);
        logger.info({ jobId, userId, ...removed, removedShareLinks }, 'job deleted: video removed');
      },
      'user.deleted': async (envelope) => {
        const { userId, purge } = envelope.payload.value;
        if (!userId) {
          logger.warn({ eventId: envelope.eventId }, 'user.deleted without a user id: ignored');
          return;
        }
        const removedShareLinks = await shares.purgeUser(userId);
        const removed = await library.purgeUser(userId);
        if (purge) await confirmPurge(bus, SERVICE, envelope, now());
        logger.info(
          { userId, purge, ...removed, removedShareLinks, eventId: envelope.eventId },
          'user deleted: videos removed',
        );
      },
    },
  });
}
