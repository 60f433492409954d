import path from 'node:path';
import { createBlobStore, localBlobRoot, S3BlobStore, type BlobStore } from '@kadr/blob-store';
import { connectDocuments } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { ReadinessCheck } from '@kadr/http-kit';
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

export interface OpenedMediaAdapters extends MediaAdapters {
  readinessChecks: ReadinessCheck[];
  /** Closes what was opened here (not what the caller passed in). */
  close(): Promise<void>;
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
export async function openMediaAdapters(
  config: MediaConfig,
  logger: Logger,
  provided: Partial<MediaAdapters> = {},
): Promise<OpenedMediaAdapters> {
  const closers: Array<() => Promise<void>> = [];
  const readinessChecks: ReadinessCheck[] = [];
  try {
    const eventBus = provided.eventBus ?? eventBusFromEnvironment(config.KAFKA_BROKERS, 'media', logger);
    if (!provided.eventBus) closers.push(() => eventBus.close());

    const blobStore = provided.blobStore ?? openBlobStore(config);
    if (!provided.blobStore && blobStore instanceof S3BlobStore) closers.push(() => Promise.resolve(blobStore.close()));

    let videos: VideoRepository;
    if (provided.videos) {
      videos = provided.videos;
    } else if (config.MONGODB_URI) {
      const documents = await connectDocuments({
        uri: config.MONGODB_URI,
        dbName: config.MONGODB_DB,
        autoIndex: true,
        logger,
        defineModels: (connection) => ({ videos: new MongooseVideoRepository(connection) }),
      });
      videos = documents.models.videos;
      readinessChecks.push({ name: 'mongodb', check: () => documents.ping() });
      closers.push(() => documents.close());
    } else {
      const memory = await MemoryVideoRepository.create({
        dataDir: config.DATA_DIR ? path.join(config.DATA_DIR, 'media') : undefined,
        logger,
      });
      videos = memory;
      closers.push(() => memory.close());
    }

    return {
      eventBus,
      blobStore,
      videos,
      readinessChecks,
      async close() {
        for (const close of closers.reverse()) await close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}
