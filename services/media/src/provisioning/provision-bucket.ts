/**
 * One-shot for docker compose and development clusters: creates the media bucket when it does
 * not exist (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as the services read
 * them). Production buckets are provisioned with the storage, not by the product.
 *
 *   node service/dist/provisioning/provision-bucket.js
 *
 * Retries while the storage is not answering yet, up to BUCKET_READY_TIMEOUT_MS (default 60 s);
 * exits non-zero naming what failed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { S3BlobStore } from '@kadr/blob-store';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name}: required`);
  return value;
}

async function main(): Promise<void> {
  const endpoint = required('S3_ENDPOINT');
  const bucket = process.env.S3_BUCKET || 'kadr-media';
  const store = new S3BlobStore({
    endpoint,
    region: process.env.S3_REGION || 'us-east-1',
    bucket,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE !== 'false',
  });
  const deadline = Date.now() + Number(process.env.BUCKET_READY_TIMEOUT_MS ?? 60_000);
  try {
    for (;;) {
      try {
        await store.ensureBucket();
        break;
      } catch (error) {
        if (Date.now() >= deadline) throw error;
        await delay(1_000);
      }
    }
  } finally {
    store.close();
  }
  process.stdout.write(`provision-bucket: bucket ${bucket} ready on ${endpoint}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`provision-bucket failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
