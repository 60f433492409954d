import type { BlobStore } from '@kadr/blob-store';
import type { ConsumerHandle, EventBus } from '@kadr/event-bus';
import { internalTokenKeys, serveService } from '@kadr/http-kit';
import type { HttpApp, RunningService, ServiceParts } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import { openMediaAdapters, type MediaAdapters } from './adapters';
import type { MediaConfig } from './config';
import { MediaLibrary } from './domain/videos/media-library';
import { createMediaApp } from './entry-points/http/app';
import { SERVICE, subscribeMedia } from './entry-points/messaging/media-consumer';

export interface MediaParts extends ServiceParts<MediaAdapters> {
  config: MediaConfig;
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

export type RunningMedia = RunningService;

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
  return serveService({
    service: SERVICE,
    config,
    logger: options.logger,
    defaultMetrics: options.defaultMetrics,
    open: (logger) => openMediaAdapters(config, logger, { eventBus: options.bus, blobStore: options.blobStore }),
    compose: (parts) => composeMedia({ config, ...parts }),
  });
}
