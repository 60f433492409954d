import type { BlobStore } from '@kadr/blob-store';
import type { ConsumerHandle, EventBus } from '@kadr/event-bus';
import { internalTokenKeys, serveComposed, type HttpApp, type ReadinessCheck } from '@kadr/http-kit';
import { createLogger, createMetrics, type Logger, type ServiceMetrics, runAsService } from '@kadr/telemetry';
import { openMediaAdapters, type MediaAdapters, type OpenedMediaAdapters } from './adapters';
import type { MediaConfig } from './config';
import { MediaLibrary } from './domain/videos/media-library';
import { createMediaApp } from './entry-points/http/app';
import { SERVICE, subscribeMedia } from './entry-points/messaging/media-consumer';

export interface MediaParts {
  config: MediaConfig;
  adapters: MediaAdapters;
  logger: Logger;
  metrics: ServiceMetrics;
  readinessChecks?: ReadinessCheck[];
  /** Tests: a fixed clock. */
  clock?: () => Date;
}

export interface ComposedMedia extends HttpApp {
  library: MediaLibrary;
  /** Starts the consumer of `job.progress`, `job.deleted` and `user.deleted`. */
  startBackground(): Promise<void>;
  /** Stops the consumer (after the HTTP server closed). */
  stop(): Promise<void>;
}

/** Media without a listening socket: what tests drive with supertest, and what `startMedia` serves. */
export function composeMedia({ config, adapters, logger, metrics, readinessChecks, clock }: MediaParts): ComposedMedia {
  const library = new MediaLibrary({ videos: adapters.videos, blobs: adapters.blobStore, now: clock });
  const { app, health } = createMediaApp({
    logger,
    metrics,
    library,
    blobs: adapters.blobStore,
    internalTokenKeys: internalTokenKeys(config),
    urlTtlSeconds: config.MEDIA_URL_TTL_SECONDS,
    signingSecret: config.MEDIA_SIGNING_SECRET,
    readinessChecks,
  });
  let consumer: ConsumerHandle | undefined;
  return {
    app,
    health,
    library,
    async startBackground() {
      consumer = await subscribeMedia({ bus: adapters.eventBus, library, logger, now: clock });
    },
    async stop() {
      await consumer?.stop();
    },
  };
}

export interface RunningMedia {
  url: string;
  logger: Logger;
  /** Its metrics registry, for the `/metrics` listener on METRICS_PORT (main.ts, or the embedded launcher's one). */
  metrics: ServiceMetrics;
  stop(): Promise<void>;
}

export interface StartMediaOptions {
  /** The embedded launcher's shared bus (left open on stop); otherwise opened from KAFKA_BROKERS. */
  bus?: EventBus;
  /**
   * The embedded launcher's blob store, the same instance the jobs worker writes to (left open on
   * stop); otherwise opened from S3_* or DATA_DIR + MEDIA_SIGNING_SECRET. A FileSystemBlobStore
   * must have been created with MEDIA_SIGNING_SECRET, which `/blobs/*` checks signatures with.
   */
  blobStore?: BlobStore;
  logger?: Logger;
  defaultMetrics?: boolean;
}

/** Wires media from its config and listens; used by main.ts and by the embedded launcher. */
export function startMedia(config: MediaConfig, options: StartMediaOptions = {}): Promise<RunningMedia> {
  // Spans of everything started here say they are media's, also when services share a process.
  return runAsService('media', async () => {
    const logger = options.logger ?? createLogger({ service: SERVICE, level: config.LOG_LEVEL });
    const metrics = createMetrics({ service: SERVICE, defaultMetrics: options.defaultMetrics ?? true });
    const provided: Partial<MediaAdapters> = {};
    if (options.bus) provided.eventBus = options.bus;
    if (options.blobStore) provided.blobStore = options.blobStore;
    const adapters: OpenedMediaAdapters = await openMediaAdapters(config, logger, provided);
    const running = await serveComposed({
      compose: () => composeMedia({ config, adapters, logger, metrics, readinessChecks: adapters.readinessChecks }),
      closeAdapters: () => adapters.close(),
      port: config.PORT,
      host: config.HOST,
    });
    return { url: running.url, logger, metrics, stop: () => running.stop() };
  });
}
