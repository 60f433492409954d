import { Router, type Request, type Response } from 'express';
import { SHARE_TOKEN_PATTERN, ShareReportRequestSchema } from '@kadr/contracts';
import type { BlobStore } from '@kadr/blob-store';
import { callerOf, HttpProblem, parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import { noSuchShare, type ActiveShare, type ShareLinks } from '../../domain/shares/share-links';
import { THUMBNAIL_CONTENT_TYPE, VIDEO_CONTENT_TYPE } from '../../domain/videos/video';
import { sendBlob } from './blob-response';

/** The only caller of the public share routes: the gateway, which serves `/v/{token}` to anyone. */
const GATEWAY_SERVICE = 'auth-gateway';

/**
 * How long a browser may keep a shared video's bytes. No shared cache may keep them (`private`):
 * every request that reaches us checks the link again, so a revoke is immediate for every new
 * request; what a browser already holds it holds for at most this long.
 */
export const SHARE_MEDIA_MAX_AGE_SECONDS = 60;
const SHARED_MEDIA_CACHE = `private, max-age=${SHARE_MEDIA_MAX_AGE_SECONDS}`;

export interface SharedVideoRoutesDeps {
  shares: ShareLinks;
  blobs: BlobStore;
  logger: Logger;
  internalTokenKeys: InternalTokenKeys;
}

/**
 * `/internal/shared/{token}/*`, for the gateway's service identity only: the page's data (one view
 * each), the video and thumbnail bytes — each request re-checks the link, so nothing behind a
 * revoked or expired link is served — and reports.
 */
export function sharedVideoRoutes({ shares, blobs, logger, internalTokenKeys }: SharedVideoRoutesDeps): Router {
  const router = Router();

  router.use('/internal/shared', requireInternalCaller({ keys: internalTokenKeys, audience: 'media' }));
  router.use('/internal/shared', (_req, res, next) => {
    const caller = callerOf(res);
    if (caller.kind !== 'service' || caller.service !== GATEWAY_SERVICE) throw new HttpProblem('forbidden');
    next();
  });

  const tokenOf = (req: Request): string => {
    const token = String(req.params.token);
    if (!SHARE_TOKEN_PATTERN.test(token)) throw noSuchShare();
    return token;
  };
  const activeShare = async (req: Request): Promise<ActiveShare> => {
    const share = await shares.active(tokenOf(req));
    if (!share) throw noSuchShare();
    return share;
  };
  const bytes = (keyOf: (share: ActiveShare) => string, contentType: string) => async (req: Request, res: Response) => {
    const share = await activeShare(req);
    await sendBlob(req, res, blobs, keyOf(share), { contentType, cacheControl: SHARED_MEDIA_CACHE }, logger);
  };

  router.post('/internal/shared/:token/views', async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await shares.view(tokenOf(req)) });
  });
  // The same data without a view: what the gateway asks for a HEAD of the page.
  router.get('/internal/shared/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await shares.peek(tokenOf(req)) });
  });

  router.get(
    '/internal/shared/:token/video',
    bytes((s) => s.video.videoKey, VIDEO_CONTENT_TYPE),
  );
  router.get(
    '/internal/shared/:token/thumbnail',
    bytes((s) => s.video.thumbnailKey, THUMBNAIL_CONTENT_TYPE),
  );

  router.post('/internal/shared/:token/reports', async (req, res) => {
    const token = tokenOf(req);
    const request = parseInput(ShareReportRequestSchema, req.body ?? {});
    await shares.report(token, request);
    res.status(204).end();
  });

  return router;
}
