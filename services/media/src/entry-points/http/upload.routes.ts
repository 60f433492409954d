import { Router } from 'express';
import type { BlobStore } from '@kadr/blob-store';
import { MEDIA_UPLOADS_PATH, StartImageUploadRequestSchema } from '@kadr/contracts';
import { HttpProblem, parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { StartImageUploads } from '../../domain/uploads/start-image-uploads';
import { sendBlob } from './blob-response';
import { viewerOf } from './viewer';

const JOB_ID = /^[A-Za-z0-9_-]{1,128}$/;

export interface UploadRoutesDeps {
  uploads: StartImageUploads;
  blobs: BlobStore;
  internalTokenKeys: InternalTokenKeys;
  logger: Logger;
}

/**
 * Start images (issue 21): `POST /api/media/uploads` hands the signed-in user an upload form for
 * one image in their own upload folder; `GET /api/media/start-images/{jobId}/content` serves the
 * start image of one of their jobs (the gateway's same-origin `/start-images/{jobId}`). The key is
 * built from the caller's own id, so another user's job is the same 404 as a missing one.
 */
export function uploadRoutes({ uploads, blobs, internalTokenKeys, logger }: UploadRoutesDeps): Router {
  const router = Router();
  router.use(
    ['/api/media/uploads', '/api/media/start-images'],
    requireInternalCaller({ keys: internalTokenKeys, audience: 'media' }),
  );

  router.post(MEDIA_UPLOADS_PATH, async (req, res) => {
    const { userId } = viewerOf(res);
    const request = parseInput(StartImageUploadRequestSchema, req.body);
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await uploads.issueForm(userId, request));
  });

  router.get('/api/media/start-images/:jobId/content', async (req, res) => {
    const { userId } = viewerOf(res);
    const jobId = String(req.params.jobId);
    const image = JOB_ID.test(jobId) ? await uploads.startImageOf(userId, jobId) : null;
    if (!image) throw new HttpProblem('not_found', { detail: 'This job has no start image.' });
    await sendBlob(
      req,
      res,
      blobs,
      image.key,
      { contentType: image.contentType, cacheControl: 'private, max-age=3600' },
      logger,
    );
  });

  return router;
}
