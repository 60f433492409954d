import { blobStoreFromEnvironment, type BlobStore } from '@kadr/blob-store';
import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { AdapterContext, OpenedAdapters } from '@kadr/http-kit';
import type { ServiceMetrics } from '@kadr/telemetry';
import type { MediaConfig } from './config';
import { MemoryVideoRepository } from './data-access/memory-video.repository';
import type * as MongooseVideoRepositoryModule from './data-access/mongoose-video.repository';
import type { VideoRepository } from './data-access/video.repository';
import { MemoryShareRepository } from './data-access/memory-share.repository';
import type * as MongooseShareRepositoryModule from './data-access/mongoose-share.repository';
import type { ShareRepository } from './data-access/share.repository';

/* eslint-disable @typescript-eslint/no-require-imports -- The mongoose repositories are required on
   first use, not imported: mongoose (about 400 modules) then loads only when MONGODB_URI is set, never
   in the embedded mode (issue 19, start-up time). */
const mongooseVideoRepository = () =>
  (require('./data-access/mongoose-video.repository') as typeof MongooseVideoRepositoryModule).MongooseVideoRepository;
const mongooseShareRepository = () =>
  (require('./data-access/mongoose-share.repository') as typeof MongooseShareRepositoryModule).MongooseShareRepository;
/* eslint-enable @typescript-eslint/no-require-imports */

export interface MediaAdapters {
  eventBus: EventBus;
  videos: VideoRepository;
  shares: ShareRepository;
  blobStore: BlobStore;
}

/**
 * S3_* → S3-compatible storage; otherwise DATA_DIR/media-blobs, URLs signed with MEDIA_SIGNING_SECRET.
 * With a `registry`, every call is timed there.
 */
export const openBlobStore = (config: MediaConfig, registry?: ServiceMetrics['registry']): BlobStore =>
  blobStoreFromEnvironment(config, { signingSecret: config.MEDIA_SIGNING_SECRET }, registry);

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise a memory collection persisted under
 * DATA_DIR/media when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. Adapters passed in
 * `provided` are used as they are and left open (the embedded launcher shares one bus and one
 * blob store with the jobs worker).
 */
export function openMediaAdapters(
  config: MediaConfig,
  { logger, metrics }: AdapterContext,
  provided: Partial<MediaAdapters> = {},
): Promise<MediaAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus =
      provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'media', logger, metrics.registry));
    const blobStore = provided.blobStore ?? own(openBlobStore(config, metrics.registry));
    const { stores, readinessChecks } = own(
      await openStores<Pick<MediaAdapters, 'videos' | 'shares'>>({
        service: 'media',
        config,
        logger,
        registry: metrics.registry,
        provided,
        stores: {
          videos: { mongo: (c) => new (mongooseVideoRepository())(c), memory: (p) => MemoryVideoRepository.create(p) },
          shares: { mongo: (c) => new (mongooseShareRepository())(c), memory: (p) => MemoryShareRepository.create(p) },
        },
      }),
    );
    return { eventBus, blobStore, videos: stores.videos, shares: stores.shares, readinessChecks };
  });
}
