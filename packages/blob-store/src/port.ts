import type { Readable } from 'node:stream';

/**
 * Blob store port (media: videos and thumbnails). Keys are slash-separated paths such as
 * `users/<userId>/jobs/<jobId>/video.mp4` (rules in `blob-key.ts`; both adapters enforce the same ones).
 */

export interface BlobInfo {
  contentType: string;
  /** Size of the whole object in bytes. */
  size: number;
  lastModified: Date;
  etag?: string;
  /** The Cache-Control value given at `put`, when one was. */
  cacheControl?: string;
}

/**
 * A single byte range, as in HTTP `Range`:
 * - `{ start, end }` → `bytes=start-end` (inclusive; an `end` past the object is clamped to its last byte),
 * - `{ start }` → `bytes=start-` (to the end),
 * - `{ suffixLength }` → `bytes=-suffixLength` (the last n bytes; the whole object when it is shorter).
 */
export type ByteRange = { start: number; end?: number } | { suffixLength: number };

export interface BlobRead {
  body: Readable;
  info: BlobInfo;
  /** The inclusive range actually returned (present when a range was asked for). */
  range?: { start: number; end: number };
  /** Bytes in `body`. */
  contentLength: number;
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
}

/** What a browser may upload to a presigned POST: one object, one content type, a size range. */
export interface UploadPolicy {
  key: string;
  /** The only Content-Type the upload may declare (the stored object keeps it). */
  contentType: string;
  /** Largest body accepted, in bytes; an empty body is refused too. */
  maxBytes: number;
  expiresInSeconds: number;
}

/**
 * A browser upload form (S3's POST Object): send a multipart/form-data POST to `url` with every
 * entry of `fields` (in any order) and then the file as the LAST part, named `file`. Success is
 * 204 with no body; a body outside the policy gets a 4xx and nothing is stored.
 */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** One object of a listing. */
export interface BlobListing {
  key: string;
  size: number;
  lastModified: Date;
}

export interface BlobStore {
  /**
   * Stores a buffer or a stream (large bodies are uploaded in parts). Readers see either the previous
   * object or the complete new one, never a partial write; a body stream that fails leaves no object behind.
   */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  /**
   * Throws BlobNotFoundError when missing, RangeNotSatisfiableError for a range that starts past the end
   * (or any range of an empty object). The caller must consume or destroy `body`.
   */
  get(key: string, range?: ByteRange): Promise<BlobRead>;
  /** null when missing. */
  head(key: string): Promise<BlobInfo | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes every key that starts with `prefix` (a plain string prefix, as in S3 listing: `a/b` also
   * matches `a/bc`; end it with `/` to stay inside a folder). Returns how many were deleted. An empty
   * prefix is refused.
   */
  deleteByPrefix(prefix: string): Promise<number>;
  /** A URL a browser can GET for `expiresInSeconds` (S3: SigV4 presigned; filesystem: HMAC-signed gateway URL). */
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  /** Every key below `prefix` (same matching as deleteByPrefix), in no particular order. */
  list(prefix: string): AsyncIterable<BlobListing>;
  /**
   * A one-object upload form a browser can POST for `expiresInSeconds` (S3: a SigV4 POST policy whose
   * conditions the storage enforces; filesystem: an HMAC-signed policy the gateway's handler enforces).
   */
  presignPost(policy: UploadPolicy): Promise<PresignedUpload>;
  /** Releases its connections (S3's sockets; the local disk store holds none). */
  close(): void;
}
