import { Router, type Request, type Response } from 'express';
import type { BlobStore } from '@kadr/blob-store';
import { MediaPageQuerySchema } from '@kadr/contracts';
import { parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { MediaLibrary } from '../../domain/videos/media-library';
import { THUMBNAIL_CONTENT_TYPE, VIDEO_CONTENT_TYPE, type VideoRecord } from '../../domain/videos/video';
import { sendBlob } from './blob-response';
import { noSuchVideo, viewerOf } from './viewer';

/** A job id as the jobs service makes them; anything else cannot name a video (and never reaches a store). */
const JOB_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Videos and thumbnails may be kept by the browser, never by a shared cache (they are private). */
const PRIVATE_MEDIA_CACHE = 'private, max-age=3600';

export interface MediaRoutesDeps {
  library: MediaLibrary;
  blobs: BlobStore;
  internalTokenKeys: InternalTokenKeys;
  urlTtlSeconds: number;
  logger: Logger;
}

/** `/api/media/*` as the gateway forwards it (`/bff/platform` stripped) or calls it for `/video` and `/thumbs`. */
export function mediaRoutes({ library, blobs, internalTokenKeys, urlTtlSeconds, logger }: MediaRoutesDeps): Router {
  const router = Router();
  router.use('/api/media', requireInternalCaller({ keys: internalTokenKeys, audience: 'media' }));

  /** The job's video for this caller, or the one 404 for "missing" and "someone else's". */
  const visibleVideo = async (req: Request, res: Response): Promise<VideoRecord> => {
    const viewer = viewerOf(res);
    const jobId = String(req.params.jobId);
    const video = JOB_ID.test(jobId) ? await library.visibleVideo(viewer, jobId) : null;
    if (!video) throw noSuchVideo();
    return video;
  };
  const wantsJson = (req: Request) => req.query.format === 'json';

  router.get('/api/media/videos', async (req, res) => {
    const { userId } = viewerOf(res);
    const { page, limit } = parseInput(MediaPageQuerySchema, {
      page: req.query.page === '' ? undefined : req.query.page,
      limit: req.query.limit === '' ? undefined : req.query.limit,
    });
    res.set('Cache-Control', 'private, no-store').json(await library.page(userId, page, limit));
  });

  router.get('/api/media/videos/:jobId/stream', async (req, res) => {
    const video = await visibleVideo(req, res);
    const url = await library.signedUrl(video.videoKey, urlTtlSeconds);
    res.set('Cache-Control', 'private, no-store');
    // Without format=json the player can follow a redirect to the same URL.
    if (wantsJson(req)) res.json({ url, contentType: video.type });
    else res.redirect(302, url);
  });

  router.get('/api/media/thumbnail/:jobId', async (req, res) => {
    const video = await visibleVideo(req, res);
    const url = await library.signedUrl(video.thumbnailKey, urlTtlSeconds);
    res.set('Cache-Control', 'private, no-store');
    if (wantsJson(req)) res.json({ data: { url } });
    else res.redirect(302, url);
  });

  router.get('/api/media/videos/:jobId/content', async (req, res) => {
    const video = await visibleVideo(req, res);
    await sendBlob(
      req,
      res,
      blobs,
      video.videoKey,
      { contentType: VIDEO_CONTENT_TYPE, cacheControl: PRIVATE_MEDIA_CACHE },
      logger,
    );
  });

  router.get('/api/media/thumbnail/:jobId/content', async (req, res) => {
    const video = await visibleVideo(req, res);
    await sendBlob(
      req,
      res,
      blobs,
      video.thumbnailKey,
      { contentType: THUMBNAIL_CONTENT_TYPE, cacheControl: PRIVATE_MEDIA_CACHE },
      logger,
    );
  });

  return router;
}
