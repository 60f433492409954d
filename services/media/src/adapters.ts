import { createBlobStore, localBlobRoot, S3BlobStore, type BlobStore } from '@kadr/blob-store';
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
 * URLs signed by MEDIA_SIGNING_SECRET and served at PUBLIC_URL/blobs. The config schema has
 * already required the S3 keys or the signing secret.
 */
export function openBlobStore(config: MediaConfig): BlobStore {
  if (config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return createBlobStore({
      kind: 's3',
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  if (!config.MEDIA_SIGNING_SECRET) throw new Error('MEDIA_SIGNING_SECRET is required without S3_ENDPOINT');
  if (!config.DATA_DIR) throw new Error('DATA_DIR is required for the local blob store (or set S3_ENDPOINT)');
  return createBlobStore({
    kind: 'fs',
    root: localBlobRoot(config.DATA_DIR),
    publicBaseUrl: config.PUBLIC_URL,
    signingSecret: config.MEDIA_SIGNING_SECRET,
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
