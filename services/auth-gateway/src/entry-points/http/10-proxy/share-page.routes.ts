import type { IncomingMessage } from 'node:http';
import express, { Router, type Request, type Response } from 'express';
import { SHARE_PATHS, SHARE_TOKEN_PATTERN, SharedVideoResponseSchema } from '@kadr/contracts';
import { HttpProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import {
  GATEWAY_SERVICE_CALLER,
  parseJsonAnswer,
  UpstreamCallCancelledError,
  type BufferedAnswer,
  type Upstreams,
} from '../../../integrations/upstreams';
import { rejectUndecodablePaths } from '../08-bff/decodable-path';
import { pickHeaders, sendUpstreamAnswer } from './platform-proxy.routes';
import { renderReportThanks, renderShareNotFound, renderSharePage, SHARE_PAGE_CSP } from './share-page.html';
import { shareLanguageOf, type ShareLanguage } from './share-page.texts';
import { upstreamProblem } from './upstream-problems';

/** What a `<video>` or `<img>` sends that media needs: byte ranges and cache validators. */
const FORWARDED_MEDIA_HEADERS = ['range', 'if-none-match', 'if-range'];

export interface SharePageOptions {
  upstreams: Upstreams;
  logger: Logger;
  /** The product's origin: absolute URLs in the tags, and the one origin a report may come from. */
  publicUrl: string;
}

/**
 * The public share pages (issue 21), outside `/bff` and the web app's shell, no session needed:
 * - `GET /v/{token}`: server-rendered HTML with the Open Graph and Twitter tags in the first
 *   response (link previews run no scripts), one view counted by media; 404 HTML for an unknown,
 *   expired or revoked link;
 * - `GET /v/{token}/video`, `GET /v/{token}/thumbnail`: the bytes, which media serves only while
 *   the link is active (checked on every request, so a revoke is immediate);
 * - `POST /v/{token}/reports`: anyone's report, from the page's form or as JSON, same origin only.
 * Media is called with the gateway's service identity: the visitor has none.
 */
export function createSharePageRoutes({ upstreams, logger, publicUrl }: SharePageOptions): Router {
  const router = Router();
  const ownOrigin = new URL(publicUrl).origin;

  const tokenOf = (req: Request): string | null => {
    const token = String(req.params.token);
    return SHARE_TOKEN_PATTERN.test(token) ? token : null;
  };

  const sendHtml = (res: Response, status: number, html: string, allowIndexing: boolean, language: ShareLanguage) => {
    res
      .status(status)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        // The words follow Accept-Language (share-page.texts.ts): a cache must keep one copy per language.
        'Content-Language': language,
        Vary: 'Accept-Language',
        'Content-Security-Policy': SHARE_PAGE_CSP,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': allowIndexing ? 'all' : 'noindex',
      })
      .send(html);
  };
  /**
   * A person's browser (and a link preview) asks for HTML and gets the 404 page; anything else gets the
   * API's usual 404 problem, like every other 4xx of the gateway.
   */
  const notFound = (req: Request, res: Response) => {
    if ((req.get('accept') ?? '').includes('text/html')) {
      return sendHtml(res, 404, renderShareNotFound(shareLanguageOf(req)), false, shareLanguageOf(req));
    }
    res.set('X-Robots-Tag', 'noindex');
    throw new HttpProblem('not_found', { detail: 'There is no such shared video.' });
  };

  /** A JSON call to media with the gateway's identity: POST with `body`, GET without. */
  const fetchMedia = async (path: string, body: unknown, res: Response): Promise<BufferedAnswer> => {
    try {
      return await upstreams.fetch('media', {
        method: body === undefined ? 'GET' : 'POST',
        path,
        caller: GATEWAY_SERVICE_CALLER,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) }),
        correlationId: res.locals.correlationId as string | undefined,
      });
    } catch (error) {
      throw upstreamProblem(error) ?? error;
    }
  };

  router.use('/v', rejectUndecodablePaths);

  router.get('/v/:token', async (req, res) => {
    const token = tokenOf(req);
    if (!token) return notFound(req, res);
    // express answers HEAD with this route: a HEAD (a link checker probing) counts no view.
    const answer =
      req.method === 'HEAD'
        ? await fetchMedia(SHARE_PATHS.publicPeek(token), undefined, res)
        : await fetchMedia(SHARE_PATHS.publicView(token), {}, res);
    if (answer.status === 404) return notFound(req, res);
    const { data } = parseJsonAnswer('media', answer, SharedVideoResponseSchema);
    const language = shareLanguageOf(req);
    sendHtml(res, 200, renderSharePage(data, { publicUrl, language }), data.allowIndexing, language);
  });

  const bytes = (pathOf: (token: string) => string) => async (req: Request, res: Response) => {
    const token = tokenOf(req);
    if (!token) throw new HttpProblem('not_found', { detail: 'There is no such shared video.' });
    const abandoned = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) abandoned.abort();
    });
    let response: IncomingMessage;
    try {
      response = await upstreams.open('media', {
        method: req.method,
        path: pathOf(token),
        caller: GATEWAY_SERVICE_CALLER,
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
  router.get('/v/:token/video', bytes(SHARE_PATHS.publicVideo));
  router.get('/v/:token/thumbnail', bytes(SHARE_PATHS.publicThumbnail));

  router.post('/v/:token/reports', express.urlencoded({ extended: false, limit: '8kb' }), async (req, res) => {
    // No session, so no CSRF token: a report must come from our own page (Origin, or the browser's
    // Sec-Fetch-Site when it sends no Origin), and the per-IP budget caps what a script can send.
    if (!isSameOrigin(req, ownOrigin)) {
      throw new HttpProblem('forbidden', { detail: 'Reports can only be sent from the shared video’s page.' });
    }
    const fromForm = req.is('application/x-www-form-urlencoded') !== false;
    const token = tokenOf(req);
    if (!token) {
      if (fromForm) return sendHtml(res, 404, renderShareNotFound(shareLanguageOf(req)), false, shareLanguageOf(req));
      throw new HttpProblem('not_found', { detail: 'There is no such shared video.' });
    }
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const body = { reason: raw.reason, ...(raw.details ? { details: raw.details } : {}) };
    const answer = await fetchMedia(SHARE_PATHS.publicReports(token), body, res);
    if (answer.status === 204) {
      if (fromForm)
        return sendHtml(res, 200, renderReportThanks(token, shareLanguageOf(req)), false, shareLanguageOf(req));
      return void res.status(204).end();
    }
    if (answer.status === 404 && fromForm) {
      return sendHtml(res, 404, renderShareNotFound(shareLanguageOf(req)), false, shareLanguageOf(req));
    }
    res
      .status(answer.status)
      .type(String(answer.headers['content-type'] ?? 'application/problem+json'))
      .send(answer.body);
  });

  return router;
}

function isSameOrigin(req: Request, ownOrigin: string): boolean {
  const origin = req.get('origin');
  if (origin) return origin === ownOrigin;
  return req.get('sec-fetch-site') === 'same-origin';
}
