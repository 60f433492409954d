import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { assertValidKey, assertValidPrefix } from '../blob-key';
import { assertWellFormedRange, parseContentRange, resolveByteRange, toRangeHeaderValue } from '../byte-range';
import { BlobNotFoundError, RangeNotSatisfiableError } from '../errors';
import type {
  BlobInfo,
  BlobListing,
  BlobRead,
  BlobStore,
  ByteRange,
  PresignedUpload,
  PutOptions,
  UploadPolicy,
} from '../port';
import { assertPresignExpiry } from '../presign-expiry';
import { httpStatusOf, isMissingObjectError, isTimeoutError, toBlobStoreError } from './s3-error-mapping';

export interface S3BlobStoreOptions {
  /** Custom endpoint (MinIO, Ceph, R2…); omit for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO needs it). Default false. */
  forcePathStyle?: boolean;
  /** Connection time-out and time-to-response-headers per attempt, in ms. Default 10 000. */
  timeoutMs?: number;
  /**
   * A socket silent this long (ms) is closed, so a transfer that stalls mid-body fails instead of
   * hanging. Also closes a `get` body its reader leaves paused that long. Default 60 000.
   */
  idleTimeoutMs?: number;
  /**
   * Where browsers fetch objects, when that differs from `endpoint` (which the service calls):
   * presigned URLs are signed for this endpoint's host and path. Behind an ingress that routes
   * `/<bucket>/` to the storage with the Host header kept, `https://app.example` makes media URLs
   * same-origin, so the web app's `media-src 'self'` allows them. Needs `forcePathStyle`.
   */
  publicEndpoint?: string;
  /** Keys per ListObjectsV2 page in deleteByPrefix (1–1000, default 1000); small values exercise paging in tests. */
  listPageSize?: number;
}

export const DEFAULT_S3_TIMEOUT_MS = 10_000;
export const DEFAULT_S3_IDLE_TIMEOUT_MS = 60_000;
/** lib-storage settings: parts of 8 MiB, two in flight, so an upload buffers at most ~16 MiB. */
export const UPLOAD_PART_SIZE = 8 * 1024 * 1024;
export const UPLOAD_QUEUE_SIZE = 2;
/** DeleteObjects accepts at most 1000 keys, which is also ListObjectsV2's largest page. */
const MAX_KEYS_PER_BATCH = 1000;
/** Bounds deleteByPrefix when writers keep adding keys under the prefix while it runs. */
const MAX_DELETE_PASSES = 10;

/** Distributed-mode blob store on any S3-compatible object storage. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  /** Signs presigned URLs only (no requests): for `publicEndpoint`, else `client` itself. */
  private readonly presigner: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number;

  constructor(options: S3BlobStoreOptions) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
    this.bucket = options.bucket;
    this.listPageSize = Math.min(
      Math.max(1, Math.trunc(options.listPageSize ?? MAX_KEYS_PER_BATCH)),
      MAX_KEYS_PER_BATCH,
    );
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Standard mode retries throttling, 5xx and time-outs with back-off: at most 3 attempts in all.
      retryMode: 'standard',
      maxAttempts: 3,
      requestHandler: {
        connectionTimeout: timeoutMs,
        // Until the response headers arrive; without throwOnRequestTimeout the SDK would only log a warning.
        requestTimeout: timeoutMs,
        throwOnRequestTimeout: true,
        socketTimeout: options.idleTimeoutMs ?? DEFAULT_S3_IDLE_TIMEOUT_MS,
      },
    });
    this.presigner = options.publicEndpoint
      ? new S3Client({
          endpoint: options.publicEndpoint,
          region: options.region,
          forcePathStyle: options.forcePathStyle ?? false,
          credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        })
      : this.client;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    assertValidKey(key);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
      },
      partSize: UPLOAD_PART_SIZE,
      queueSize: UPLOAD_QUEUE_SIZE,
      // On failure lib-storage aborts the multipart upload, so no parts are left behind to pay for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (body instanceof Readable) body.destroy();
      throw toBlobStoreError(error, 'put', key);
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead> {
    assertValidKey(key);
    if (range) assertWellFormedRange(range);
    if (range && 'suffixLength' in range && range.suffixLength === 0) {
      // `bytes=-0` is unsatisfiable for any object (RFC 9110); S3 would ignore it and send everything.
      const info = await this.head(key);
      throw info ? new RangeNotSatisfiableError(key, info.size) : new BlobNotFoundError(key);
    }
    let output: GetObjectCommandOutput;
    try {
      output = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && toRangeHeaderValue(range) }),
      );
    } catch (error) {
      throw toBlobStoreError(error, 'get', key);
    }
    const body = output.Body;
    if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
    const contentRange = parseContentRange(output.ContentRange);
    const contentLength = output.ContentLength ?? 0;
    const size = contentRange ? contentRange.size : contentLength;
    if (size === undefined) {
      body.destroy();
      throw new Error(`S3 did not report the size of ${key} (Content-Range ${output.ContentRange})`);
    }
    const info = this.toInfo(output, size);
    if (!range) return { body, info, contentLength };
    if (contentRange) return { body, info, range: { start: contentRange.start, end: contentRange.end }, contentLength };
    // No usable Content-Range for a Range request: a 200 (the server ignored the range), or MinIO's
    // `206 bytes 0--1/0` for a suffix range of an empty object. Keep the port's rule (no range of an
    // empty object is satisfiable) and never label a whole body as a slice it is not.
    try {
      const selected = resolveByteRange(range, size, key);
      if (selected.start !== 0 || selected.end !== size - 1) throw new Error(`S3 ignored the Range header for ${key}`);
      return { body, info, range: selected, contentLength };
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const output = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return this.toInfo(output, output.ContentLength ?? 0);
    } catch (error) {
      if (isMissingObjectError(error) && !isTimeoutError(error)) return null;
      throw toBlobStoreError(error, 'head', key);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw toBlobStoreError(error, 'delete', key);
    }
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    let deleted = 0;
    try {
      // Passes until one finds nothing: servers with a filesystem namespace (MinIO) hide the keys
      // below `a/b/` from listings while an object `a/b` exists, and show them once it is deleted.
      for (let pass = 1; pass <= MAX_DELETE_PASSES; pass += 1) {
        const deletedInPass = await this.deleteListedOnce(prefix);
        deleted += deletedInPass;
        if (deletedInPass === 0) break;
      }
    } catch (error) {
      throw toBlobStoreError(error, 'deleteByPrefix', prefix);
    }
    return deleted;
  }

  async presignGet(key: string, expiresInSeconds: number): Promise<string> {
    assertValidKey(key);
    assertPresignExpiry(expiresInSeconds);
    return await getSignedUrl(this.presigner, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
    });
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            MaxKeys: this.listPageSize,
            ContinuationToken: continuationToken,
          }),
        );
      } catch (error) {
        throw toBlobStoreError(error, 'list', prefix);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /**
   * S3's POST Object form: a SigV4 policy with the key, the exact Content-Type and
   * `content-length-range` 1..maxBytes as conditions, which the storage itself enforces.
   */
  async presignPost(policy: UploadPolicy): Promise<PresignedUpload> {
    assertValidKey(policy.key);
    assertPresignExpiry(policy.expiresInSeconds);
    try {
      // The form goes to the browser, so it is signed for the public endpoint, as presigned GETs are.
      const presigned = await createPresignedPost(this.presigner, {
        Bucket: this.bucket,
        Key: policy.key,
        Conditions: [
          ['eq', '$Content-Type', policy.contentType],
          ['content-length-range', 1, policy.maxBytes],
        ],
        Fields: { 'Content-Type': policy.contentType },
        Expires: policy.expiresInSeconds,
      });
      return { url: presigned.url, fields: presigned.fields };
    } catch (error) {
      throw toBlobStoreError(error, 'presignPost', policy.key);
    }
  }

  /** Creates the bucket when it does not exist yet (development and tests; production buckets are provisioned). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (httpStatusOf(error) !== 404) throw toBlobStoreError(error, 'ensureBucket', this.bucket);
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another process may have created it in between.
      const name = (error as { name?: unknown }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') {
        throw toBlobStoreError(error, 'ensureBucket', this.bucket);
      }
    }
  }

  /** One walk over the listing of `prefix`, deleting each page as it comes; returns how many were deleted. */
  private async deleteListedOnce(prefix: string): Promise<number> {
    let deleted = 0;
    let continuationToken: string | undefined;
    do {
      // Deleting page by page is safe: the continuation token marks a position in key order, and
      // the keys already deleted lie before it.
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          MaxKeys: this.listPageSize,
          ContinuationToken: continuationToken,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const result = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        const failures = result.Errors ?? [];
        if (failures.length > 0) {
          const first = failures[0];
          throw new Error(
            `S3 refused to delete ${failures.length} of ${keys.length} keys under ${prefix} (first: ${first?.Key}: ${first?.Code} ${first?.Message})`,
          );
        }
        deleted += keys.length;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return deleted;
  }

  /** Closes the client's pooled connections. */
  close(): void {
    this.client.destroy();
  }

  private toInfo(
    output: { ContentType?: string; LastModified?: Date; ETag?: string; CacheControl?: string },
    size: number,
  ): BlobInfo {
    return {
      contentType: output.ContentType ?? 'application/octet-stream',
      size,
      lastModified: output.LastModified ?? new Date(0),
      etag: output.ETag,
      cacheControl: output.CacheControl,
    };
  }
}
