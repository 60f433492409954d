import { randomUUID } from 'node:crypto';
import { decodeEventOn, JobProgressKind } from '@kadr/contracts';
import { completedEvent, jobDeletedEvent, progressEvent, userDeletedEvent } from './support/events';
import { mediaFixtures } from './support/fixtures';
import { startMediaRig, type MediaRig } from './support/media-rig';
import { until } from '@kadr/tooling/test-helpers';

describe('media consumers', () => {
  let rig: MediaRig;
  const { video } = mediaFixtures();

  beforeEach(async () => {
    rig = await startMediaRig();
  });
  afterEach(() => rig.close());

  const galleryOf = (userId: string) => rig.media.library.page(userId, 1, 48);
  /** deleteByPrefix counts what it found: 0 means nothing was left under the prefix. */
  const blobsLeftUnder = (prefix: string) => rig.blobs.deleteByPrefix(prefix);

  it('registers a COMPLETED job once, however often it is delivered', async () => {
    const userId = `u-${randomUUID()}`;
    const jobId = randomUUID();
    const event = completedEvent({ userId, jobId, sizeBytes: video.length });
    for (let i = 0; i < 3; i += 1) await rig.publish(event);
    // A later, different completion of the same job does not replace the first record either.
    await rig.publish(completedEvent({ userId, jobId, sizeBytes: 1, at: new Date(Date.UTC(2030, 0, 1)) }));
    await until(async () => (await galleryOf(userId)).pagination.total === 1);

    // Wait until the bus has handled all four deliveries before judging.
    const marker = `marker-${randomUUID()}`;
    await rig.publish(completedEvent({ userId: marker, jobId: randomUUID() }));
    await until(async () => (await galleryOf(marker)).pagination.total === 1);
    const gallery = await galleryOf(userId);
    expect(gallery.pagination.total).toBe(1);
    expect(gallery.data[0]).toMatchObject({ jobId, sizeBytes: video.length });
  });

  it('ignores every kind but COMPLETED', async () => {
    const userId = `u-${randomUUID()}`;
    for (const kind of [
      JobProgressKind.QUEUED,
      JobProgressKind.STARTED,
      JobProgressKind.PROGRESS,
      JobProgressKind.FAILED,
    ]) {
      await rig.publish(progressEvent(userId, randomUUID(), kind));
    }
    await rig.publish(completedEvent({ userId, jobId: 'the-only-one' }));
    await until(async () => (await galleryOf(userId)).pagination.total === 1);
    expect((await galleryOf(userId)).data.map((v) => v.jobId)).toEqual(['the-only-one']);
  });

  it("dead-letters a completion whose blob keys lie outside the owner's folder", async () => {
    const dead: string[] = [];
    await rig.bus.subscribe({
      group: 'test-dlq',
      topics: ['job.progress.dlq'],
      handler: (m) => {
        dead.push(decodeEventOn('job.progress', m.value).payload.value.jobId);
        return Promise.resolve();
      },
    });
    const userId = `u-${randomUUID()}`;
    const jobId = randomUUID();
    await rig.publish(completedEvent({ userId, jobId, videoKey: `users/someone-else/jobs/${jobId}/video.mp4` }));
    await until(() => dead.includes(jobId), { timeoutMs: 10_000 });
    expect((await galleryOf(userId)).pagination.total).toBe(0);
  });

  it('job.deleted removes the record and every blob of the job, and is harmless when repeated', async () => {
    const userId = `u-${randomUUID()}`;
    const [doomed, kept] = [randomUUID(), randomUUID()];
    await rig.completeJob({ userId, jobId: doomed });
    await rig.completeJob({ userId, jobId: kept });
    // A stray file the worker left in the job's folder goes too.
    await rig.blobs.put(`users/${userId}/jobs/${doomed}/partial.tmp`, Buffer.from('x'), { contentType: 'text/plain' });

    const deleted = jobDeletedEvent(userId, doomed);
    await rig.publish(deleted);
    await rig.publish(deleted);
    await until(async () => (await galleryOf(userId)).pagination.total === 1);
    await until(async () => (await rig.blobs.head(`users/${userId}/jobs/${doomed}/partial.tmp`)) === null);
    expect((await galleryOf(userId)).data.map((v) => v.jobId)).toEqual([kept]);
    expect(await rig.blobs.head(`users/${userId}/jobs/${doomed}/video.mp4`)).toBeNull();
    expect(await blobsLeftUnder(`users/${userId}/jobs/${doomed}/`)).toBe(0);
    expect(await rig.blobs.head(`users/${userId}/jobs/${kept}/video.mp4`)).not.toBeNull();

    // A deletion of a job media never heard of still clears its folder.
    const never = randomUUID();
    await rig.blobs.put(`users/${userId}/jobs/${never}/video.mp4`, Buffer.from('y'), { contentType: 'video/mp4' });
    await rig.publish(jobDeletedEvent(userId, never));
    await until(async () => (await rig.blobs.head(`users/${userId}/jobs/${never}/video.mp4`)) === null);
  });

  it("user.deleted with purge removes the user's records and blobs, then publishes user.purged", async () => {
    const purged: { userId: string; service: string; correlationId: string }[] = [];
    await rig.bus.subscribe({
      group: 'test-admin',
      topics: ['user.purged'],
      handler: (m) => {
        const envelope = decodeEventOn('user.purged', m.value);
        purged.push({ ...envelope.payload.value, correlationId: envelope.correlationId });
        return Promise.resolve();
      },
    });
    const [gone, stays] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
    for (let i = 0; i < 3; i += 1) await rig.completeJob({ userId: gone, jobId: randomUUID() });
    await rig.completeJob({ userId: stays, jobId: randomUUID() });

    const deleted = userDeletedEvent(gone, true);
    await rig.publish(deleted);
    await rig.publish(deleted); // redelivered: purges nothing more, acknowledges again
    await until(() => purged.filter((p) => p.userId === gone).length === 2);
    expect(purged[0]).toMatchObject({ userId: gone, service: 'media', correlationId: `corr-user-${gone}` });
    expect((await galleryOf(gone)).pagination.total).toBe(0);
    expect(await blobsLeftUnder(`users/${gone}/`)).toBe(0);
    expect((await galleryOf(stays)).pagination.total).toBe(1);
    expect(
      await rig.blobs.head(`users/${stays}/jobs/${(await galleryOf(stays)).data[0]!.jobId}/video.mp4`),
    ).not.toBeNull();
  });

  it('user.deleted without purge removes the data but sends no acknowledgement', async () => {
    const purged: string[] = [];
    await rig.bus.subscribe({
      group: 'test-admin',
      topics: ['user.purged'],
      handler: (m) => {
        purged.push(decodeEventOn('user.purged', m.value).payload.value.userId);
        return Promise.resolve();
      },
    });
    const userId = `u-${randomUUID()}`;
    await rig.completeJob({ userId, jobId: randomUUID() });
    await rig.publish(userDeletedEvent(userId, false));
    await until(async () => (await galleryOf(userId)).pagination.total === 0);
    const marker = `marker-${randomUUID()}`;
    await rig.publish(userDeletedEvent(marker, true));
    await until(() => purged.includes(marker));
    expect(purged).toEqual([marker]);
  });
});
