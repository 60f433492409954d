import type { Registry } from 'prom-client';
import { localBlobRoot } from './file-system/local-blob-root';
import { FileSystemBlobStore } from './file-system/file-system-blob-store';
import { MeasuredBlobStore } from './measured-blob-store';
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

/**
 * The adapter a service's configuration asks for (the composition root's one call into this package);
 * with a `registry`, every call is timed there (`blob_store_operation_duration_seconds`, MeasuredBlobStore).
 */
export function createBlobStore(config: FileSystemBlobStoreConfig): FileSystemBlobStore;
export function createBlobStore(config: S3BlobStoreConfig): S3BlobStore;
export function createBlobStore(config: BlobStoreConfig, registry?: Registry): BlobStore;
export function createBlobStore(config: BlobStoreConfig, registry?: Registry): BlobStore {
  const store = openAdapter(config);
  return registry ? new MeasuredBlobStore(store, config.kind === 'fs' ? 'filesystem' : 's3', registry) : store;
}

/**
 * Whether `store` is the local disk store, measured or not: its `presignGet` URLs are served by
 * `createSignedBlobHandler` (S3's point at the object store itself).
 */
export function isLocalBlobStore(store: BlobStore): boolean {
  return (store instanceof MeasuredBlobStore ? store.measured : store) instanceof FileSystemBlobStore;
}

function openAdapter(config: BlobStoreConfig): BlobStore {
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
 * With a `registry`, every call is timed there.
 */
export function blobStoreFromEnvironment(
  env: BlobStoreEnvironment,
  local: LocalBlobStoreSettings,
  registry?: Registry,
): BlobStore {
  if (env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createBlobStore(
      {
        kind: 's3',
        endpoint: env.S3_ENDPOINT,
        publicEndpoint: env.S3_PUBLIC_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      },
      registry,
    );
  }
  const dataDir = env.DATA_DIR ?? local.defaultDataDir;
  if (!dataDir) throw new Error('DATA_DIR is required for the local blob store (or set S3_ENDPOINT)');
  if (!local.signingSecret) throw new Error('MEDIA_SIGNING_SECRET is required without S3_ENDPOINT');
  return createBlobStore(
    { kind: 'fs', root: localBlobRoot(dataDir), publicBaseUrl: env.PUBLIC_URL, signingSecret: local.signingSecret },
    registry,
  );
}
