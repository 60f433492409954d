import { BlobNotFoundError, BlobStoreTimeoutError, RangeNotSatisfiableError } from '../errors';

/** The parts of an SDK (or Node socket) error this mapping looks at. */
interface SdkErrorShape {
  name?: unknown;
  code?: unknown;
  Code?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

const shapeOf = (error: unknown): SdkErrorShape => (typeof error === 'object' && error !== null ? error : {});

export const httpStatusOf = (error: unknown): number | undefined => {
  const status = shapeOf(error).$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : undefined;
};

const TIMEOUT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);

/**
 * Time-outs as the SDK reports them: its node handler names connection, request and socket time-outs
 * `TimeoutError` (ETIMEDOUT underneath), S3 answers `RequestTimeout` when it gave up on a slow body,
 * and `AbortError` is what an aborted in-flight request or upload rejects with — this adapter passes
 * no abort signal of its own, so an abort can only come from a time-out.
 */
export function isTimeoutError(error: unknown): boolean {
  const { name, code, Code } = shapeOf(error);
  return (
    (typeof name === 'string' && (TIMEOUT_NAMES.has(name) || name === 'AbortError')) ||
    code === 'ETIMEDOUT' ||
    Code === 'RequestTimeout'
  );
}

/** NoSuchKey (GET) or a bare 404 (HEAD has no body to name the error), but never a missing bucket. */
export function isMissingObjectError(error: unknown): boolean {
  const { name, Code } = shapeOf(error);
  if (name === 'NoSuchBucket' || Code === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatusOf(error) === 404;
}

export function isInvalidRangeError(error: unknown): boolean {
  const { name, Code } = shapeOf(error);
  return name === 'InvalidRange' || Code === 'InvalidRange' || httpStatusOf(error) === 416;
}

/** S3 and MinIO name the object's size in their InvalidRange error body (`<ActualObjectSize>`). */
function actualSizeOf(error: unknown): number | undefined {
  const raw = (shapeOf(error) as { ActualObjectSize?: unknown }).ActualObjectSize;
  const size = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : NaN;
  return Number.isSafeInteger(size) && size >= 0 ? size : undefined;
}

/** Replaces the SDK errors callers act on with the port's errors; anything else passes through. */
export function toBlobStoreError(error: unknown, operation: string, key: string): unknown {
  if (isTimeoutError(error)) return new BlobStoreTimeoutError(operation, { cause: error });
  if (operation === 'get' && isMissingObjectError(error)) return new BlobNotFoundError(key);
  if (operation === 'get' && isInvalidRangeError(error)) return new RangeNotSatisfiableError(key, actualSizeOf(error));
  return error;
}
