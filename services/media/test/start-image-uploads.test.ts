/** Start-image uploads (issue 21): media hands out upload forms scoped to the user's folder, serves job start images, sweeps old uploads. */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startImageKeyOf, StartImageUploadResponseSchema, uploadFolderOf } from '@kadr/contracts';
import { StartImageUploads } from '../src/domain/uploads/start-image-uploads';
import { PUBLIC_URL, service, startMediaRig, user, type MediaRig } from './support/media-rig';

describe('start-image uploads', () => {
  let rig: MediaRig;
  const alice = `alice-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

  beforeAll(async () => {
    rig = await startMediaRig();
  });
  afterAll(() => rig.close());

  const askForm = async (body: object, caller = user(alice)) =>
    request(rig.media.app)
      .post('/api/media/uploads')
      .set('authorization', await rig.auth(caller))
      .send(body);
  /** The browser's part: every field of the form, then the file last. */
  const postForm = (form: { url: string; fields: Record<string, string> }, bytes: Buffer, type = 'image/png') => {
    expect(form.url).toBe(`${PUBLIC_URL}/blobs`);
    let post = request(rig.media.app).post('/blobs');
    for (const [name, value] of Object.entries(form.fields)) post = post.field(name, value);
    return post.attach('file', bytes, { filename: 'picture.png', contentType: type });
  };

  it('hands out a form for one image in the user’s own upload folder; the form stores exactly that', async () => {
    const answer = await askForm({ contentType: 'image/png', sizeBytes: png.length });
    expect(answer.status).toBe(201);
    const form = StartImageUploadResponseSchema.parse(answer.body);
    expect(form.image.startsWith(uploadFolderOf(alice))).toBe(true);
    expect(form.maxBytes).toBe(png.length);
    expect(Date.parse(form.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);

    const stored = await postForm(form.upload, png);
    expect(stored.status).toBe(204);
    expect(await rig.blobs.head(form.image)).toMatchObject({ size: png.length, contentType: 'image/png' });
  });

  it('refuses a body larger than declared, and stores nothing', async () => {
    const form = StartImageUploadResponseSchema.parse(
      (await askForm({ contentType: 'image/png', sizeBytes: 100 })).body,
    );
    const refused = await postForm(form.upload, png);
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe('/problems/payload_too_large');
    expect(await rig.blobs.head(form.image)).toBeNull();
  });

  it.each([
    ['an 11 MB image', { contentType: 'image/png', sizeBytes: 11 * 1024 * 1024 }, 'sizeBytes', /at most 10 MB/],
    ['an empty image', { contentType: 'image/png', sizeBytes: 0 }, 'sizeBytes', /empty/],
    ['a GIF', { contentType: 'image/gif', sizeBytes: 10 }, 'contentType', /JPEG, PNG or WebP/],
  ])('refuses a form for %s with a field error', async (_what, body, field, message) => {
    const answer = await askForm(body);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(answer.body.errors[field]).toMatch(message);
  });

  it('gives no form to a service caller', async () => {
    expect((await askForm({ contentType: 'image/png', sizeBytes: 10 }, service)).status).toBe(403);
  });

  it("serves a job's start image to its owner only", async () => {
    const jobId = randomUUID();
    await rig.blobs.put(startImageKeyOf(alice, jobId), png, { contentType: 'image/png' });
    const mine = await request(rig.media.app)
      .get(`/api/media/start-images/${jobId}/content`)
      .set('authorization', await rig.auth(user(alice)));
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    const theirs = await request(rig.media.app)
      .get(`/api/media/start-images/${jobId}/content`)
      .set('authorization', await rig.auth(user(bob)));
    expect(theirs.status).toBe(404);
  });

  it('sweeps uploads older than a day, nothing else', async () => {
    const upload = `${uploadFolderOf(bob)}${randomUUID()}`;
    const jobCopy = startImageKeyOf(bob, randomUUID());
    await rig.blobs.put(upload, png, { contentType: 'image/png' });
    await rig.blobs.put(jobCopy, png, { contentType: 'image/png' });

    const now = new StartImageUploads({ blobs: rig.blobs });
    expect(await now.sweep()).toBe(0);
    const tomorrow = new StartImageUploads({ blobs: rig.blobs, now: () => new Date(Date.now() + 25 * 3600_000) });
    expect(await tomorrow.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rig.blobs.head(upload)).toBeNull();
    expect(await rig.blobs.head(jobCopy)).not.toBeNull();
  });

  it("removes a user's uploads with the rest of their media when they are deleted", async () => {
    const carol = `carol-${randomUUID()}`;
    const upload = `${uploadFolderOf(carol)}${randomUUID()}`;
    await rig.blobs.put(upload, png, { contentType: 'image/png' });
    await rig.media.library.purgeUser(carol);
    expect(await rig.blobs.head(upload)).toBeNull();
  });
});
