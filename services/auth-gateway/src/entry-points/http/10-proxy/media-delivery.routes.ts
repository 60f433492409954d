import type { IncomingMessage } from 'node:http';
import express, { Router, type Request, type Response } from 'express';
import {
  MAX_START_IMAGE_BYTES,
  mediaStartImageContentPath,
  mediaThumbnailContentPath,
  mediaVideoContentPath,
} from '@kadr/contracts';
import { HttpProblem, type InternalCaller } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import { GATEWAY_SERVICE_CALLER, UpstreamCallCancelledError, type Upstreams } from '../../../integrations/upstreams';
import { sessionOf } from '../03-session/request-context';
import { pickHeaders, sendUpstreamAnswer } from './platform-proxy.routes';
import { rejectUndecodablePaths } from '../08-bff/decodable-path';
import { upstreamProblem } from './upstream-problems';
import { userCaller } from './upstream-caller';

/** What a `<video>` or `<img>` sends that media needs: byte ranges and cache validators. */
const FORWARDED_MEDIA_HEADERS = ['range', 'if-none-match', 'if-range'];

/** A job id as the jobs service makes them; anything else is not a video (and never reaches media). */
const JOB_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Room for an upload form's fields and multipart framing around the largest file. Larger bodies get
 * 413 here; the exact limit of each upload is its signed policy's, which media enforces.
 */
const MAX_UPLOAD_FORM_BYTES = MAX_START_IMAGE_BYTES + 64 * 1024;

/** Dot segments (also percent-encoded), empty segments, backslashes and encoded slashes or NULs. */
const AMBIGUOUS_PATH = /(^|\/)(\.|%2e){1,2}(\/|$)|\/\/|\\|%2f|%5c|%00/i;

export interface MediaDeliveryOptions {
  upstreams: Upstreams;
  logger: Logger;
}

/**
 * The same-origin media routes (outside `/bff`, so the web app's `<video>` and `<img>` can use
 * them with the session cookie alone — GETs, no CSRF token):
 *
 * - `GET|HEAD /video/{jobId}` → media `/api/media/videos/{jobId}/content`,
 * - `GET|HEAD /thumbs/{jobId}` → media `/api/media/thumbnail/{jobId}/content`,
 * - `GET|HEAD /start-images/{jobId}` → media `/api/media/start-images/{jobId}/content`,
 *   all three for the signed-in user (401 otherwise) with their internal token; media answers 404 to
 *   anyone but the owner and the administrator;
 * - `GET|HEAD /blobs/*` → media `/blobs/*` unchanged (query included): the filesystem blob store's
 *   signed URLs, public because the signature is the authorisation;
 * - `POST /blobs` → media `/blobs`: the filesystem store's signed upload forms (S3's POST Object
 *   stand-in; the signed policy is the authorisation, so no session or CSRF token). The form is
 *   read whole (at most MAX_UPLOAD_FORM_BYTES) since upstream calls carry buffers; with S3 the
 *   browser posts to the object store and this route is unused.
 *
 * `Range`, `If-None-Match` and `If-Range` go to media; the answer streams back as it arrives
 * (206, Content-Range, Accept-Ranges, Content-Type, Cache-Control, ETag…), with the proxy's
 * upstream failures (502/503/504 problems).
 */
export function createMediaDeliveryRoutes({ upstreams, logger }: MediaDeliveryOptions): Router {
  const router = Router();

  const forward = async (req: Request, res: Response, path: string, caller: InternalCaller) => {
    const abandoned = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) abandoned.abort();
    });
    let response: IncomingMessage;
    try {
      response = await upstreams.open('media', {
        method: req.method,
        path,
        caller,
        headers: pickHeaders(req.headers, FORWARDED_MEDIA_HEADERS),
        signal: abandoned.signal,
        correlationId: res.locals.correlationId as string | undefined,
      });
    } catch (error) {
      if (error instanceof UpstreamCallCancelledError) return;
      throw upstreamProblem(error) ?? error;
    }
    sendUpstreamAnswer(res, response, logger);
  };

  const ownedContent = (contentPath: (jobId: string) => string) => async (req: Request, res: Response) => {
    const session = sessionOf(res);
    if (!session) throw new HttpProblem('unauthorized', { detail: 'Please log in to continue.' });
    const jobId = String(req.params.jobId);
    if (!JOB_ID.test(jobId)) throw new HttpProblem('not_found', { detail: 'There is no such video.' });
    await forward(req, res, contentPath(jobId), userCaller(session.user));
  };

  // A path that does not percent-decode is a 400 here, never forwarded (issue 13).
  router.use(['/video', '/thumbs', '/start-images', '/blobs'], rejectUndecodablePaths);
  // express answers HEAD with the GET route; the method is forwarded as it came.
  router.get('/video/:jobId', ownedContent(mediaVideoContentPath));
  router.get('/thumbs/:jobId', ownedContent(mediaThumbnailContentPath));
  router.get('/start-images/:jobId', ownedContent(mediaStartImageContentPath));

  router.post('/blobs', express.raw({ type: () => true, limit: MAX_UPLOAD_FORM_BYTES }), async (req, res) => {
    let answer;
    try {
      answer = await upstreams.fetch('media', {
        method: 'POST',
        path: '/blobs',
        caller: GATEWAY_SERVICE_CALLER,
        headers: { 'content-type': req.get('content-type') ?? 'application/octet-stream' },
        body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        correlationId: res.locals.correlationId as string | undefined,
      });
    } catch (error) {
      if (error instanceof UpstreamCallCancelledError) return;
      throw upstreamProblem(error) ?? error;
    }
    res.status(answer.status).set('Cache-Control', 'no-store');
    if (answer.status === 204) res.end();
    else res.type(answer.headers['content-type'] ?? 'application/problem+json').send(answer.body);
  });

  router.use('/blobs', async (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || AMBIGUOUS_PATH.test(path)) {
      next();
      return;
    }
    await forward(req, res, req.originalUrl, GATEWAY_SERVICE_CALLER);
  });

  return router;
}
