import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { parseRangeHeader, resolveByteRange } from '../byte-range';
import { BlobNotFoundError, RangeNotSatisfiableError } from '../errors';
import type { BlobInfo, BlobStore } from '../port';
import { sendProblem } from './problem-response';
import type { SignedRequest } from './signed-url';
import { checkSignedRequest, DEFAULT_SIGNED_PATH_PREFIX, parseSignedRequestUrl, signingKeyFrom } from './signed-url';

export interface SignedBlobHandlerOptions {
  /** The store's signing secret. */
  secret: string | Buffer;
  /** Path the signed URLs use (default `/blobs`); matched against the full request path. */
  pathPrefix?: string;
  /** Clock in milliseconds, for tests. */
  now?: () => number;
}

/** A plain node handler; the optional `next` makes it an express middleware too. */
export type SignedBlobHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Serves the signed URLs of FileSystemBlobStore.presignGet (embedded mode's stand-in for S3 presigned
 * URLs): GET and HEAD, one byte range per request (206/416), 403 for a bad or expired signature, 404
 * for a missing blob. Requests outside `pathPrefix` go to `next` (or get a 404 without one).
 */
export function createSignedBlobHandler(store: BlobStore, options: SignedBlobHandlerOptions): SignedBlobHandler {
  const signingKey = signingKeyFrom(options.secret);
  const pathPrefix = options.pathPrefix ?? DEFAULT_SIGNED_PATH_PREFIX;
  const now = options.now ?? Date.now;

  return (req, res, next) => {
    // express rewrites req.url below a mount point; originalUrl keeps the path the URL was signed for.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const signed = parseSignedRequestUrl(url, pathPrefix);
    if (signed === 'outside') {
      if (next) next();
      else sendProblem(req, res, 404, 'not_found', 'Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendProblem(req, res, 405, undefined, 'Method not allowed');
      return;
    }
    const nowSeconds = Math.floor(now() / 1000);
    if (signed === 'malformed') {
      sendProblem(req, res, 403, 'forbidden', 'This link is not valid.');
      return;
    }
    const check = checkSignedRequest(signingKey, signed, nowSeconds);
    if (check !== 'valid') {
      sendProblem(
        req,
        res,
        403,
        'forbidden',
        check === 'expired' ? 'This link has expired.' : 'This link is not valid.',
      );
      return;
    }
    serveBlob(store, req, res, signed, nowSeconds).catch((error: unknown) => {
      if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
      else sendFailure(req, res, error);
    });
  };
}

async function serveBlob(
  store: BlobStore,
  req: IncomingMessage,
  res: ServerResponse,
  signed: SignedRequest,
  nowSeconds: number,
): Promise<void> {
  const range = parseRangeHeader(req.headers.range);
  // Browsers may keep the bytes for as long as the link is valid, never in shared caches.
  res.setHeader('Cache-Control', `private, max-age=${Math.max(0, signed.expires - nowSeconds)}`);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('X-Content-Type-Options', 'nosniff');

  if (req.method === 'HEAD') {
    const info = await store.head(signed.key);
    if (!info) throw new BlobNotFoundError(signed.key);
    const selected = range ? resolveByteRange(range, info.size, signed.key) : undefined;
    writeHead(res, info, selected, selected ? selected.end - selected.start + 1 : info.size);
    res.end();
    return;
  }

  const read = await store.get(signed.key, range);
  writeHead(res, read.info, read.range, read.contentLength);
  pipeline(read.body, res, () => {
    // Errors here are a client going away or a failing disk; pipeline already destroyed both streams.
  });
}

function writeHead(
  res: ServerResponse,
  info: BlobInfo,
  range: { start: number; end: number } | undefined,
  contentLength: number,
): void {
  res.setHeader('Content-Type', info.contentType);
  res.setHeader('Content-Length', String(contentLength));
  res.setHeader('Last-Modified', info.lastModified.toUTCString());
  if (info.etag) res.setHeader('ETag', info.etag);
  if (range) {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  } else {
    res.statusCode = 200;
  }
}

function sendFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (error instanceof BlobNotFoundError) {
    sendProblem(req, res, 404, 'not_found', 'Not found');
  } else if (error instanceof RangeNotSatisfiableError) {
    if (error.size !== undefined) res.setHeader('Content-Range', `bytes */${error.size}`);
    sendProblem(req, res, 416, undefined, 'Range not satisfiable');
  } else {
    // Errors that name their own problem (BlobStoreTimeoutError → 504 s3_timeout) keep it.
    const tagged = (error as { problem?: { status?: unknown; reason?: unknown } } | undefined)?.problem;
    const status = typeof tagged?.status === 'number' ? tagged.status : 500;
    const reason = typeof tagged?.reason === 'string' ? tagged.reason : 'unknown';
    sendProblem(req, res, status, reason, status === 500 ? 'Unexpected error' : 'Storage unavailable');
  }
}
