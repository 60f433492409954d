export type {
  BlobInfo,
  BlobListing,
  BlobRead,
  BlobStore,
  ByteRange,
  PresignedUpload,
  PutOptions,
  UploadPolicy,
} from './port';
export { BlobNotFoundError, BlobStoreTimeoutError, InvalidBlobKeyError, RangeNotSatisfiableError } from './errors';
export { assertValidKey, assertValidPrefix, MAX_KEY_BYTES } from './blob-key';
export { parseRangeHeader, resolveByteRange } from './byte-range';
export type { ResolvedRange } from './byte-range';
export { MAX_PRESIGN_SECONDS } from './presign-expiry';
export { FileSystemBlobStore } from './file-system/file-system-blob-store';
export type { FileSystemBlobStoreOptions } from './file-system/file-system-blob-store';
export { createSignedBlobHandler } from './file-system/signed-blob-handler';
export { createSignedUploadHandler } from './file-system/signed-upload-handler';
export type { SignedUploadHandlerOptions } from './file-system/signed-upload-handler';
export type { SignedBlobHandler, SignedBlobHandlerOptions } from './file-system/signed-blob-handler';
export { DEFAULT_SIGNED_PATH_PREFIX } from './file-system/signed-url';
export { S3BlobStore, DEFAULT_S3_IDLE_TIMEOUT_MS, DEFAULT_S3_TIMEOUT_MS } from './s3/s3-blob-store';
export type { S3BlobStoreOptions } from './s3/s3-blob-store';
export { blobStoreFromEnvironment, createBlobStore, isLocalBlobStore } from './create-blob-store';
export { BLOB_STORE_OPERATION_DURATION, MeasuredBlobStore, type BlobBackend } from './measured-blob-store';
export type {
  BlobStoreConfig,
  BlobStoreEnvironment,
  LocalBlobStoreSettings,
  FileSystemBlobStoreConfig,
  S3BlobStoreConfig,
} from './create-blob-store';
export { LOCAL_BLOB_FOLDER, localBlobRoot } from './file-system/local-blob-root';
