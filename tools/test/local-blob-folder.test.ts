// Without S3, the worker (jobs) writes videos and thumbnails to the local disk and media reads and signs
// them from there: both must name the same folder under DATA_DIR. They did not — jobs wrote to
// DATA_DIR/media (media's records folder) and media read DATA_DIR/media-blobs; only the embedded launcher,
// which hands one blob store to both, hid it. This test opens each service's blob store from its own
// configuration, as two processes on one disk would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileSystemBlobStore, localBlobRoot } from '@kadr/blob-store';
import { jobsConfigSchema, openJobsAdapters } from '@kadr/jobs';
import { mediaConfigSchema, openBlobStore } from '@kadr/media';
import { parseConfig } from '@kadr/config';
import { createLogger, createMetrics } from '@kadr/telemetry';

const SECRET = 'local-blob-folder-test-secret-0123456789abcdef';

describe('the local blob folder (no S3_ENDPOINT)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-blob-folder-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is one folder: what the jobs worker writes, media finds', async () => {
    const logger = createLogger({ service: 'test', level: 'silent' });
    const common = { NODE_ENV: 'test', LOG_LEVEL: 'silent', INTERNAL_TOKEN_SECRET: SECRET, DATA_DIR: dataDir };
    const jobsConfig = parseConfig('jobs', jobsConfigSchema, { ...common, BLOB_SIGNING_SECRET: SECRET });
    const mediaConfig = parseConfig('media', mediaConfigSchema, { ...common, MEDIA_SIGNING_SECRET: SECRET });

    const jobs = await openJobsAdapters(jobsConfig, {
      logger,
      metrics: createMetrics({ service: 'jobs', defaultMetrics: false }),
    });
    try {
      const key = 'videos/user-1/job-1.mp4';
      await jobs.blobStore.put(key, Buffer.from('an mp4'), { contentType: 'video/mp4' });
      const media = openBlobStore(mediaConfig);
      expect(await media.head(key)).toMatchObject({ size: 6, contentType: 'video/mp4' });
      // The folder is the documented one, whoever opens it.
      const atTheRule = new FileSystemBlobStore({
        root: localBlobRoot(dataDir),
        publicBaseUrl: 'http://127.0.0.1',
        signingSecret: SECRET,
      });
      expect(await atTheRule.head(key)).toMatchObject({ size: 6 });
    } finally {
      await jobs.close();
    }
  });
});
