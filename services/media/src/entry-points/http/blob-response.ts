import { pipeline } from 'node:stream';
import type { Request, Response } from 'express';
import {
  BlobNotFoundError,
  parseRangeHeader,
  RangeNotSatisfiableError,
  resolveByteRange,
  type BlobInfo,
  type BlobStore,
} from '@kadr/blob-store';
import type { Logger } from '@kadr/telemetry';
import { noSuchVideo } from './viewer';

export interface BlobResponseOptions {
  /** The type the browser gets (the record's, not whatever the sidecar says). */
  contentType: string;
  cacheControl: string;
}

/**
 * Answers a GET or HEAD with a blob's bytes: one `Range: bytes=` range → 206 with Content-Range,
 * an unsatisfiable one → 416 with `Content-Range` naming the size, several or malformed ranges →
 * the whole blob (as `send` does); `If-None-Match` matching the ETag → 304. A missing blob is the
 * same 404 as a missing record.
 */
export async function sendBlob(
  req: Request,
  res: Response,
  store: BlobStore,
  key: string,
  options: BlobResponseOptions,
  logger: Logger,
): Promise<void> {
  const range = parseRangeHeader(req.get('range'));
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', options.cacheControl);
  try {
    if (req.method === 'HEAD') {
      const info = await store.head(key);
      if (!info) throw new BlobNotFoundError(key);
      if (notModified(req, res, info, range !== undefined)) return;
      const selected = range ? resolveByteRange(range, info.size, key) : undefined;
      writeHead(res, info, options, selected, selected ? selected.end - selected.start + 1 : info.size);
      res.end();
      return;
    }
    if (!range) {
      const info = await store.head(key);
      if (info && notModified(req, res, info, false)) return;
    }
    const read = await store.get(key, range);
    writeHead(res, read.info, options, read.range, read.contentLength);
    pipeline(read.body, res, (error) => {
      // A browser that seeks closes the connection mid-body: not worth more than a debug line.
      if (error) logger.debug({ err: error.message }, 'blob response ended early');
    });
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw noSuchVideo();
    if (error instanceof RangeNotSatisfiableError) {
      if (error.size !== undefined) res.setHeader('Content-Range', `bytes */${error.size}`);
      res.setHeader('Cache-Control', 'no-store');
      sendRangeNotSatisfiable(res);
      return;
    }
    throw error;
  }
}

function notModified(req: Request, res: Response, info: BlobInfo, ranged: boolean): boolean {
  const tags = req.get('if-none-match');
  if (ranged || !tags || !info.etag) return false;
  const matches = tags === '*' || tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === info.etag);
  if (!matches) return false;
  res.setHeader('ETag', info.etag);
  res.status(304).end();
  return true;
}

function writeHead(
  res: Response,
  info: BlobInfo,
  options: BlobResponseOptions,
  range: { start: number; end: number } | undefined,
  contentLength: number,
): void {
  res.setHeader('Content-Type', options.contentType);
  res.setHeader('Content-Length', String(contentLength));
  res.setHeader('Last-Modified', info.lastModified.toUTCString());
  if (info.etag) res.setHeader('ETag', info.etag);
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  } else {
    res.status(200);
  }
}

/** 416 has no reason in the product's catalogue: a plain RFC 9457 body, as the signed-URL handler sends. */
function sendRangeNotSatisfiable(res: Response): void {
  const correlationId = res.locals.correlationId as string | undefined;
  res
    .status(416)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: 'about:blank',
        title: 'Range not satisfiable',
        status: 416,
        detail: 'The requested range starts beyond the end of the file.',
        ...(correlationId ? { correlationId } : {}),
      }),
    );
}
