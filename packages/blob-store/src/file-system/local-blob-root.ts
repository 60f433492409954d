import path from 'node:path';

/**
 * Where videos and thumbnails live on the local disk when no S3_ENDPOINT is set: one folder under
 * DATA_DIR for every service — the worker (jobs) writes there, media reads and signs from there.
 * Each service's own records live next to it, under DATA_DIR/<service>.
 */
export const LOCAL_BLOB_FOLDER = 'media-blobs';

export function localBlobRoot(dataDir: string): string {
  return path.join(dataDir, LOCAL_BLOB_FOLDER);
}
