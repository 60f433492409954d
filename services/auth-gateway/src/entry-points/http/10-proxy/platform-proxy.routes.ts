import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Router, type Request, type Response } from 'express';
import type { Logger } from '@kadr/telemetry';
import {
  GATEWAY_SERVICE_CALLER,
  UpstreamCallCancelledError,
  upstreamForPath,
  type Upstreams,
} from '../../../integrations/upstreams';
import { sessionOf } from '../03-session/request-context';
import { upstreamProblem } from './upstream-problems';
import { userCaller } from './upstream-caller';

/**
 * Browser headers a service may see. Never cookies, the CSRF header, authorization or the
 * browser's own forwarding headers: a service learns who is calling only from the internal token.
 */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'idempotency-key', 'if-none-match', 'range'];

/** Upstream response headers passed to the browser (the correlation id is always the gateway's own). */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'vary',
  'location',
  'retry-after',
];

export interface PlatformProxyOptions {
  upstreams: Upstreams;
  logger: Logger;
}

/**
 * Everything under `/bff/platform` that the gateway does not answer itself goes to the service
 * the route table names, with `/bff/platform` stripped and the rest (query included) unchanged.
 * Mount it at `/platform` inside the `/bff` router, after the gateway's own routes.
 *
 * The request carries the method, the allowlisted headers, the JSON body (re-serialised from the
 * parsed body), the correlation id, the trace context and a fresh internal token: the user's when
 * signed in, the gateway's service token on public routes. The answer streams back as it
 * arrives (SSE and video ranges are never buffered): status, allowlisted headers, body — 4xx
 * problem bodies unchanged. No answer within UPSTREAM_TIMEOUT_MS → 504 `timeout`; connection
 * error → 502 `proxy_error`; 5xx → 502 `backend_http`; breaker open → 503 "Temporarily
 * unavailable"; upstream not configured → 503 `service_unavailable`. Unknown paths fall through
 * (404).
 */
export function createPlatformProxy({ upstreams, logger }: PlatformProxyOptions): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    const upstream = upstreamForPath(req.path);
    if (!upstream) {
      next();
      return;
    }
    const session = sessionOf(res);
    const { headers, body } = forwardedRequest(req);
    // The browser went away: stop waiting for the service (a GET stream, an SSE connection).
    const abandoned = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) abandoned.abort();
    });

    let response: IncomingMessage;
    try {
      response = await upstreams.open(upstream, {
        method: req.method,
        path: req.url,
        caller: session ? userCaller(session.user) : GATEWAY_SERVICE_CALLER,
        headers,
        body,
        signal: abandoned.signal,
        correlationId: res.locals.correlationId as string | undefined,
      });
    } catch (error) {
      if (error instanceof UpstreamCallCancelledError) return;
      throw upstreamProblem(error) ?? error;
    }
    sendUpstreamAnswer(res, response, logger);
  });
  return router;
}

function forwardedRequest(req: Request): { headers: Record<string, string>; body?: Buffer } {
  const headers = pickHeaders(req.headers, FORWARDED_REQUEST_HEADERS);
  if (req.method === 'GET' || req.method === 'HEAD' || req.body === undefined) return { headers };
  return {
    headers: { ...headers, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(req.body), 'utf8'),
  };
}

/** Streams an upstream answer to the browser: status, the allowlisted headers, the body as it arrives. */
export function sendUpstreamAnswer(res: Response, response: IncomingMessage, logger: Logger): void {
  res.status(response.statusCode ?? 502);
  for (const [name, value] of Object.entries(pickHeaders(response.headers, FORWARDED_RESPONSE_HEADERS))) {
    res.setHeader(name, value);
  }
  // An event stream's headers go now, not with its first event: it may stay quiet for a while.
  // Any other answer's headers leave with its first body bytes, in one write: flushing them
  // first cost a socket write of their own on every proxied call, ~14 % of its CPU (issue 19).
  if (isEventStream(response.headers['content-type'])) res.flushHeaders();
  // `pipe` with one listener each way, not `pipeline`: pipeline puts seven 'close' listeners on
  // the response, which with the middlewares' own (and OpenTelemetry's) went past Node's 10 —
  // a MaxListenersExceededWarning on every proxied call such as POST /jobs (issue 13).
  response.once('error', (error) => {
    if (!res.writableEnded) logger.warn({ err: error.message }, 'upstream answer interrupted while streaming');
    res.destroy();
  });
  res.once('close', () => {
    if (!response.complete) response.destroy();
  });
  response.pipe(res);
}

function isEventStream(contentType: string | undefined): boolean {
  return contentType?.toLowerCase().startsWith('text/event-stream') ?? false;
}

export function pickHeaders(headers: IncomingHttpHeaders, names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) picked[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return picked;
}
