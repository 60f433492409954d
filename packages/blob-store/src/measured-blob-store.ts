import type { Readable } from 'node:stream';
import { metricOnce, STORE_CALL_BUCKETS } from '@kadr/telemetry';
import { Histogram, type Registry } from 'prom-client';
import { BlobNotFoundError, RangeNotSatisfiableError } from './errors';
import type {
  BlobInfo,
  BlobListing,
  BlobRead,
  BlobStore,
  ByteRange,
  PresignedUpload,
  PutOptions,
  UploadPolicy,
} from './port';

/** The adapter behind a measured store: the `backend` label. */
export type BlobBackend = 's3' | 'filesystem';

/** A call the decorator times: every port method but `close`, which releases sockets and asks nothing of the store. */
type Operation = Exclude<keyof BlobStore, 'close'>;
type Outcome = 'ok' | 'not_found' | 'error';

export const BLOB_STORE_OPERATION_DURATION = 'blob_store_operation_duration_seconds';

/** One histogram per registry: every store measured in it adds to the same. */
function operationDuration(registry: Registry): Histogram<'backend' | 'operation' | 'outcome'> {
  return metricOnce(
    registry,
    BLOB_STORE_OPERATION_DURATION,
    () =>
      new Histogram({
        name: BLOB_STORE_OPERATION_DURATION,
        help: 'Seconds one BlobStore call took (a get: until its body can be read), by backend (s3 | filesystem), operation (the port method) and outcome (ok | not_found | error)',
        labelNames: ['backend', 'operation', 'outcome'] as const,
        buckets: STORE_CALL_BUCKETS,
        registers: [registry],
      }),
  );
}

/**
 * What the store answered that is not a failure of the store: nothing at that key, or nothing in that
 * byte range (a caller's 404 or 416). Anything else it threw is an `error`.
 */
const outcomeOfFailure = (error: unknown): Outcome =>
  error instanceof BlobNotFoundError || error instanceof RangeNotSatisfiableError ? 'not_found' : 'error';

/**
 * The blob store it wraps, with every call timed in `blob_store_operation_duration_seconds` of
 * `registry`. A `get` is timed until the read is open (the headers, on S3), not while its body
 * streams: how fast a body is read is the reader's pace. A `head` answering null is `not_found`.
 */
export class MeasuredBlobStore implements BlobStore {
  readonly #duration: Histogram<'backend' | 'operation' | 'outcome'>;

  constructor(
    /** The store measured (`isLocalBlobStore` looks through to it). */
    readonly measured: BlobStore,
    private readonly backend: BlobBackend,
    registry: Registry,
  ) {
    this.#duration = operationDuration(registry);
  }

  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    return this.#timed('put', () => this.measured.put(key, body, options));
  }

  get(key: string, range?: ByteRange): Promise<BlobRead> {
    return this.#timed('get', () => this.measured.get(key, range));
  }

  head(key: string): Promise<BlobInfo | null> {
    return this.#timed(
      'head',
      () => this.measured.head(key),
      (info) => (info === null ? 'not_found' : 'ok'),
    );
  }

  delete(key: string): Promise<void> {
    return this.#timed('delete', () => this.measured.delete(key));
  }

  deleteByPrefix(prefix: string): Promise<number> {
    return this.#timed('deleteByPrefix', () => this.measured.deleteByPrefix(prefix));
  }

  presignGet(key: string, expiresInSeconds: number): Promise<string> {
    return this.#timed('presignGet', () => this.measured.presignGet(key, expiresInSeconds));
  }

  presignPost(policy: UploadPolicy): Promise<PresignedUpload> {
    return this.#timed('presignPost', () => this.measured.presignPost(policy));
  }

  /** Timed as one whole walk (page fetches included), so the listing is collected before it is handed on. */
  async *list(prefix: string): AsyncIterable<BlobListing> {
    const listings: BlobListing[] = [];
    await this.#timed('list', async () => {
      for await (const listing of this.measured.list(prefix)) listings.push(listing);
    });
    yield* listings;
  }

  close(): void {
    this.measured.close();
  }

  async #timed<T>(
    operation: Operation,
    call: () => Promise<T>,
    outcomeOf: (result: T) => Outcome = () => 'ok',
  ): Promise<T> {
    const end = this.#duration.startTimer({ backend: this.backend, operation });
    try {
      const result = await call();
      end({ outcome: outcomeOf(result) });
      return result;
    } catch (error) {
      end({ outcome: outcomeOfFailure(error) });
      throw error;
    }
  }
}
