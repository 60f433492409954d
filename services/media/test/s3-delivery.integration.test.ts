import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { S3BlobStore } from '@kadr/blob-store';
import { MemoryEventBus } from '@kadr/event-bus';
import { mintInternalToken, type InternalCaller } from '@kadr/http-kit';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { mediaConfigSchema } from '../src/config';
import { MemoryShareRepository } from '../src/data-access/memory-share.repository';
import { MemoryVideoRepository } from '../src/data-access/memory-video.repository';
import { composeMedia, type ComposedMedia } from '../src/service';
import { completedEvent, thumbnailKeyOf, userDeletedEvent, videoKeyOf } from './support/events';
import { mediaFixtures } from './support/fixtures';
import { TEST_KEYS, TEST_SECRET } from './support/media-rig';
import { until } from '@kadr/tooling/test-helpers';

describeWithRealServer('s3', 'media on S3-compatible storage', (target) => {
  const { video, thumbnail } = mediaFixtures();
  // A unique user per run: every key lives under users/<userId>/, so runs never meet.
  const userId = `s3-test-${randomUUID()}`;
  const jobId = randomUUID();
  let blobs: S3BlobStore;
  let bus: MemoryEventBus;
  let videos: MemoryVideoRepository;
  let media: ComposedMedia;

  const auth = async (caller: InternalCaller) =>
    `Bearer ${await mintInternalToken(caller, { keys: TEST_KEYS, audience: 'media' })}`;
  const owner: InternalCaller = { kind: 'user', userId, roles: ['user'] };

  beforeAll(async () => {
    blobs = new S3BlobStore(target);
    await blobs.ensureBucket();
    bus = new MemoryEventBus();
    videos = await MemoryVideoRepository.create();
    const config = mediaConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_TOKEN_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      S3_ENDPOINT: target.endpoint,
      S3_ACCESS_KEY_ID: target.accessKeyId,
      S3_SECRET_ACCESS_KEY: target.secretAccessKey,
    });
    media = composeMedia({
      config,
      adapters: { eventBus: bus, blobStore: blobs, videos, shares: await MemoryShareRepository.create() },
      logger: createLogger({ service: 'media', level: 'silent' }),
      metrics: createMetrics({ service: 'media', defaultMetrics: false }),
    });
    await media.startBackground();
    await blobs.put(videoKeyOf(userId, jobId), video, { contentType: 'video/mp4' });
    await blobs.put(thumbnailKeyOf(userId, jobId), thumbnail, { contentType: 'image/jpeg' });
    const completed = completedEvent({ userId, jobId, sizeBytes: video.length });
    await bus.publish(completed.topic, [completed]);
    await until(async () => (await videos.findByJobId(jobId)) !== null);
  }, 30_000);

  afterAll(async () => {
    await media?.stop();
    await bus?.close();
    await videos?.close();
    await blobs?.deleteByPrefix(`users/${userId}/`);
    blobs?.close();
  });

  it('hands out a presigned URL the browser fetches from the object store, ranges included', async () => {
    const res = await request(media.app)
      .get(`/api/media/videos/${jobId}/stream?format=json`)
      .set('authorization', await auth(owner));
    expect(res.status).toBe(200);
    const { url } = res.body as { url: string };
    expect(url.startsWith(target.endpoint)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBeTruthy();
    const ranged = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await ranged.arrayBuffer()), video.subarray(0, 100))).toBe(0);
  });

  it('serves the content route from S3 with Range and 416', async () => {
    const authorization = await auth(owner);
    const suffix = await request(media.app)
      .get(`/api/media/videos/${jobId}/content`)
      .set('authorization', authorization)
      .set('range', 'bytes=-64')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(suffix.status).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${video.length - 64}-${video.length - 1}/${video.length}`);
    expect(Buffer.compare(suffix.body as Buffer, video.subarray(video.length - 64))).toBe(0);
    const beyond = await request(media.app)
      .get(`/api/media/videos/${jobId}/content`)
      .set('authorization', authorization)
      .set('range', `bytes=${video.length}-`);
    expect(beyond.status).toBe(416);
  });

  it('purges the user: no record and no object left under their folder', async () => {
    const deleted = userDeletedEvent(userId, true);
    await bus.publish(deleted.topic, [deleted]);
    await until(async () => (await videos.findByJobId(jobId)) === null);
    await until(async () => (await blobs.head(videoKeyOf(userId, jobId))) === null);
    expect(await blobs.deleteByPrefix(`users/${userId}/`)).toBe(0);
  });
});
