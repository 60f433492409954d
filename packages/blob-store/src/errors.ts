/** Errors every BlobStore adapter throws, so callers never see adapter-specific failures. */

export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
  }
}

export class RangeNotSatisfiableError extends Error {
  override readonly name = 'RangeNotSatisfiableError';
  /** `size` is the object's size when the adapter knows it (HTTP 416 answers carry it as `bytes *\/size`). */
  constructor(
    readonly key: string,
    readonly size?: number,
  ) {
    super(`range not satisfiable for blob ${key}${size === undefined ? '' : ` (size ${size})`}`);
  }
}

/** A key or prefix that breaks the key rules (see blob-key.ts). A programming error, not a user one. */
export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid blob key ${JSON.stringify(key)}: ${reason}`);
  }
}

/**
 * The object storage did not answer in time (after the SDK's retries).
 *
 * `problem` follows the repository's duck-typed convention: the HTTP kit maps any error carrying
 * `problem: { status, reason }` to that problem response (here 504 `s3_timeout`) without importing
 * this package.
 */
export class BlobStoreTimeoutError extends Error {
  override readonly name = 'BlobStoreTimeoutError';
  readonly problem = Object.freeze({ status: 504, reason: 's3_timeout' } as const);
  constructor(operation: string, options?: { cause?: unknown }) {
    super(`object storage timed out during ${operation}`, options);
  }
}
