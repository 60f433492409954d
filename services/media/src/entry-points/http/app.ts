import { Router } from 'express';
import { createSignedBlobHandler, createSignedUploadHandler, isLocalBlobStore, type BlobStore } from '@kadr/blob-store';
import { createHttpApp, type HttpApp, type InternalTokenKeys, type ReadinessCheck } from '@kadr/http-kit';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import type { StartImageUploads } from '../../domain/uploads/start-image-uploads';
import type { ShareLinks } from '../../domain/shares/share-links';
import type { MediaLibrary } from '../../domain/videos/media-library';
import { mediaProblemOf } from './domain-problems';
import { mediaRoutes } from './media.routes';
import { uploadRoutes } from './upload.routes';
import { shareLinkRoutes } from './share-links.routes';
import { sharedVideoRoutes } from './shared-videos.routes';

export interface MediaAppDeps {
  logger: Logger;
  metrics: ServiceMetrics;
  library: MediaLibrary;
  uploads: StartImageUploads;
  shares: ShareLinks;
  blobs: BlobStore;
  internalTokenKeys: InternalTokenKeys;
  urlTtlSeconds: number;
  /** The filesystem store's URL-signing key: with it, `/blobs/*` serves the store's signed URLs. */
  signingSecret?: string;
  readinessChecks?: ReadinessCheck[];
}

/**
 * Media's express app: `/api/media/*` (internal token required) and, for the filesystem store,
 * `/blobs/*` — the signed URLs of `presignGet` — and `POST /blobs` — the signed upload forms of
 * `presignPost` — which the gateway passes through unauthenticated because the signature is the
 * authorisation. With S3 the browser goes to the object store itself.
 */
export function createMediaApp(deps: MediaAppDeps): HttpApp {
  const routes = [
    mediaRoutes({
      library: deps.library,
      blobs: deps.blobs,
      internalTokenKeys: deps.internalTokenKeys,
      urlTtlSeconds: deps.urlTtlSeconds,
      logger: deps.logger,
    }),
    uploadRoutes({
      uploads: deps.uploads,
      blobs: deps.blobs,
      internalTokenKeys: deps.internalTokenKeys,
      logger: deps.logger,
    }),
    // After mediaRoutes: its `/api/media` internal-token check runs first.
    shareLinkRoutes(deps.shares, deps.internalTokenKeys),
    sharedVideoRoutes({
      shares: deps.shares,
      blobs: deps.blobs,
      logger: deps.logger,
      internalTokenKeys: deps.internalTokenKeys,
    }),
  ];
  if (isLocalBlobStore(deps.blobs) && deps.signingSecret) {
    routes.unshift(
      Router().use(
        createSignedUploadHandler(deps.blobs, { secret: deps.signingSecret }),
        createSignedBlobHandler(deps.blobs, { secret: deps.signingSecret }),
      ),
    );
  }
  return createHttpApp({
    service: 'media',
    logger: deps.logger,
    metrics: deps.metrics,
    routes,
    readinessChecks: deps.readinessChecks,
    mapError: mediaProblemOf,
  });
}
