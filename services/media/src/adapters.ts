import { blobStoreFromEnvironment, localBlobRoot, S3BlobStore, type BlobStore } from '@kadr/blob-store';
import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { OpenedAdapters } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { MediaConfig } from './config';
import { MemoryVideoRepository } from './data-access/memory-video.repository';
import { MongooseVideoRepository } from './data-access/mongoose-video.repository';
import type { VideoRepository } from './data-access/video.repository';

export interface MediaAdapters {
  eventBus: EventBus;
  videos: VideoRepository;
  blobStore: BlobStore;
}

/**
 * S3_ENDPOINT → S3-compatible storage; otherwise the local disk under DATA_DIR/media-blobs with
 * URLs signed by MEDIA_SIGNING_SECRET and served at PUBLIC_URL/blobs.
 */
export function openBlobStore(config: MediaConfig): BlobStore {
  return blobStoreFromEnvironment(config, () => {
    if (!config.MEDIA_SIGNING_SECRET) throw new Error('MEDIA_SIGNING_SECRET is required without S3_ENDPOINT');
    if (!config.DATA_DIR) throw new Error('DATA_DIR is required for the local blob store (or set S3_ENDPOINT)');
    return { root: localBlobRoot(config.DATA_DIR), signingSecret: config.MEDIA_SIGNING_SECRET };
  });
}

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise a memory collection persisted under
 * DATA_DIR/media when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. Adapters passed in
 * `provided` are used as they are and left open (the embedded launcher shares one bus and one
 * blob store with the jobs worker).
 */
export function openMediaAdapters(
  config: MediaConfig,
  logger: Logger,
  provided: Partial<MediaAdapters> = {},
): Promise<MediaAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus = provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'media', logger));
    // Only the S3 client holds anything open; the local disk store has nothing to close.
    const blobStore = provided.blobStore ?? own(openBlobStore(config), (s) => s instanceof S3BlobStore && s.close());
    const { stores, readinessChecks } = own(
      await openStores<Pick<MediaAdapters, 'videos'>>({
        service: 'media',
        config,
        logger,
        provided,
        stores: {
          videos: { mongo: (c) => new MongooseVideoRepository(c), memory: (p) => MemoryVideoRepository.create(p) },
        },
      }),
    );
    return { eventBus, blobStore, videos: stores.videos, readinessChecks };
  });
}
