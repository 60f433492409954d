import { localBlobRoot } from './file-system/local-blob-root';
import { FileSystemBlobStore } from './file-system/file-system-blob-store';
import type { BlobStore } from './port';
import { S3BlobStore } from './s3/s3-blob-store';

/** Embedded mode: media on the local disk, served by createSignedBlobHandler. */
export interface FileSystemBlobStoreConfig {
  kind: 'fs';
  root: string;
  publicBaseUrl: string;
  signingSecret: string;
}

/** Distributed mode: any S3-compatible object storage. */
export interface S3BlobStoreConfig {
  kind: 's3';
  endpoint?: string;
  /** Where browsers fetch objects, if not `endpoint` (see S3BlobStoreOptions.publicEndpoint). */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  timeoutMs?: number;
  idleTimeoutMs?: number;
}

export type BlobStoreConfig = FileSystemBlobStoreConfig | S3BlobStoreConfig;

/** The adapter a service's configuration asks for (the composition root's one call into this package). */
export function createBlobStore(config: FileSystemBlobStoreConfig): FileSystemBlobStore;
export function createBlobStore(config: S3BlobStoreConfig): S3BlobStore;
export function createBlobStore(config: BlobStoreConfig): BlobStore;
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  switch (config.kind) {
    case 'fs':
      return new FileSystemBlobStore({
        root: config.root,
        publicBaseUrl: config.publicBaseUrl,
        signingSecret: config.signingSecret,
      });
    case 's3':
      return new S3BlobStore({
        endpoint: config.endpoint,
        publicEndpoint: config.publicEndpoint,
        region: config.region,
        bucket: config.bucket,
        accessKeyId: config.accessKeyId,
        secretAccessKey: config.secretAccessKey,
        forcePathStyle: config.forcePathStyle,
        timeoutMs: config.timeoutMs,
        idleTimeoutMs: config.idleTimeoutMs,
      });
    default: {
      const unknownKind: never = config;
      throw new Error(`unknown blob store kind ${JSON.stringify((unknownKind as { kind?: unknown }).kind)}`);
    }
  }
}

/** The object-storage variables (`objectStorageEnv` of @kadr/config), DATA_DIR and the public URL. */
export interface BlobStoreEnvironment {
  S3_ENDPOINT?: string;
  S3_PUBLIC_ENDPOINT?: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
  PUBLIC_URL: string;
  DATA_DIR?: string;
}

/** What only the local disk store needs; checked only when it is the one opened. */
export interface LocalBlobStoreSettings {
  /** The key its URLs are signed with (media checks them at `/blobs/*`). */
  signingSecret?: string;
  /** The data folder when DATA_DIR is unset (a writer that keeps nothing of its own, like the jobs worker). */
  defaultDataDir?: string;
}

/**
 * The store a service's environment names: S3_ENDPOINT with its keys → S3-compatible storage;
 * otherwise the local disk, in the one folder every service shares (`localBlobRoot` of DATA_DIR).
 * Throws, naming the variable, when the local store is needed but has no folder or signing key.
 */
export function blobStoreFromEnvironment(env: BlobStoreEnvironment, local: LocalBlobStoreSettings): BlobStore {
  if (env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createBlobStore({
      kind: 's3',
      endpoint: env.S3_ENDPOINT,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  const dataDir = env.DATA_DIR ?? local.defaultDataDir;
  if (!dataDir) throw new Error('DATA_DIR is required for the local blob store (or set S3_ENDPOINT)');
  if (!local.signingSecret) throw new Error('MEDIA_SIGNING_SECRET is required without S3_ENDPOINT');
  return createBlobStore({
    kind: 'fs',
    root: localBlobRoot(dataDir),
    publicBaseUrl: env.PUBLIC_URL,
    signingSecret: local.signingSecret,
  });
}
