import { backgroundWork, internalTokenKeys, repeatEvery, serveService } from '@kadr/http-kit';
import type { ComposedService, RunningService, ServiceParts, StartOptions } from '@kadr/http-kit';
import { openMediaAdapters, type MediaAdapters } from './adapters';
import type { MediaConfig } from './config';
import { StartImageUploads } from './domain/uploads/start-image-uploads';
import { ShareLinks } from './domain/shares/share-links';
import { MediaLibrary } from './domain/videos/media-library';
import { createMediaApp } from './entry-points/http/app';
import { SERVICE, subscribeMedia } from './entry-points/messaging/media-consumer';

export interface MediaParts extends ServiceParts<MediaAdapters, MediaConfig> {
  /** Tests: a fixed clock. */
  clock?: () => Date;
}

/** Its background work: the consumer of `job.progress`, `job.deleted` and `user.deleted`. */
export interface ComposedMedia extends ComposedService {
  library: MediaLibrary;
  uploads: StartImageUploads;
  shares: ShareLinks;
}

/** Media without a listening socket: what tests drive with supertest, and what `startMedia` serves. */
export function composeMedia({ config, adapters, logger, metrics, readinessChecks, clock }: MediaParts): ComposedMedia {
  const library = new MediaLibrary({ videos: adapters.videos, blobs: adapters.blobStore, now: clock });
  const uploads = new StartImageUploads({ blobs: adapters.blobStore, now: clock });
  const shares = new ShareLinks({ shares: adapters.shares, library, now: clock });
  const { app, health } = createMediaApp({
    logger,
    metrics,
    library,
    uploads,
    shares,
    blobs: adapters.blobStore,
    internalTokenKeys: internalTokenKeys(config),
    urlTtlSeconds: config.MEDIA_URL_TTL_SECONDS,
    signingSecret: config.MEDIA_SIGNING_SECRET,
    readinessChecks,
  });
  return {
    app,
    health,
    library,
    uploads,
    shares,
    ...backgroundWork(async (own) => {
      own(await subscribeMedia({ bus: adapters.eventBus, library, shares, logger, now: clock }));
      // Uploads no job took within a day go (a sweep at start, then every UPLOAD_SWEEP_INTERVAL_MS).
      const sweepFailed = (error: unknown) => logger.warn({ err: error }, 'start-image upload sweep failed');
      void uploads.sweep().catch(sweepFailed);
      own(repeatEvery(config.UPLOAD_SWEEP_INTERVAL_MS, () => uploads.sweep(), sweepFailed));
    }),
  };
}

export type RunningMedia = RunningService;

/**
 * Wires media from its config and listens; used by main.ts and by the embedded launcher, which
 * passes the blob store the jobs worker writes to (a local one must sign with MEDIA_SIGNING_SECRET,
 * which `/blobs/*` checks signatures with).
 */
export function startMedia(config: MediaConfig, options: StartOptions<MediaAdapters> = {}): Promise<RunningMedia> {
  return serveService({ service: SERVICE, config, options, open: openMediaAdapters, compose: composeMedia });
}
