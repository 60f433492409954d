/**
 * Image-to-video's start image through `POST /jobs` (issue 21): the jobs service checks the object a
 * request names (owner, size, magic bytes, header dimensions, a real decode) before anything is
 * held, copies it into the job's folder, and the worker's local renderer starts the video on it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import request from 'supertest';
import { JobResponseSchema, startImageKeyOf, uploadFolderOf } from '@kadr/contracts';
import { firstFrameSsim } from './helpers/first-frame-ssim';
import { startRig, userToken, waitFor, type Rig } from './helpers/test-rig';

const run = promisify(execFile);
const LITE_PORTRAIT = {
  prompt: 'the test card, slowly',
  modelId: 'kadr-motion-v1',
  duration: 5,
  quality: 'Lite',
  speed: 'Ultra Fast',
  aspectRatio: '9:16',
};

/** A PNG whose header claims `width` × `height` and whose pixels are a few bytes: what a decompression bomb looks like up front. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // The CRC is not checked by the header reader; a decoder would never get this far.
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('start images of POST /jobs', () => {
  let rig: Rig;
  let dir: string;
  let png: Buffer;
  let pngPath: string;

  beforeAll(async () => {
    rig = await startRig();
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-start-image-'));
    pngPath = path.join(dir, 'card.png');
    await run('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1280x720',
      '-frames:v',
      '1',
      pngPath,
    ]);
    png = await readFile(pngPath);
  });
  afterAll(async () => {
    await rig.close();
    await rm(dir, { recursive: true, force: true });
  });

  const blobs = () => rig.api.adapters.blobStore;
  /** What the browser's upload form would have stored: the bytes under the user's upload folder, as declared. */
  const uploaded = async (userId: string, bytes: Buffer, contentType = 'image/png') => {
    const key = `${uploadFolderOf(userId)}${randomUUID()}`;
    await blobs().put(key, bytes, { contentType });
    return key;
  };
  const create = async (userId: string, body: object, idempotencyKey = randomUUID()) =>
    request(rig.api.url)
      .post('/jobs')
      .set('authorization', `Bearer ${await userToken(userId)}`)
      .set('idempotency-key', idempotencyKey)
      .send(body);
  const read = async (userId: string, id: string) =>
    JobResponseSchema.parse(
      (
        await request(rig.api.url)
          .get(`/jobs/${id}`)
          .set('authorization', `Bearer ${await userToken(userId)}`)
      ).body,
    ).data;

  it('renders from the image: the job keeps its own copy, job.created names it, the video starts on the image', async () => {
    rig.commerce.give('painter', 100);
    const image = await uploaded('painter', png);
    const answer = await create('painter', { ...LITE_PORTRAIT, image });
    expect(answer.status).toBe(202);
    const id = answer.body.id as string;

    const copy = startImageKeyOf('painter', id);
    expect(await read('painter', id)).toMatchObject({ startImage: { url: `/start-images/${id}`, image: copy } });
    expect(await blobs().head(copy)).toMatchObject({ size: png.length, contentType: 'image/png' });
    const created = rig.events.find((e) => e.payload.case === 'jobCreated' && e.payload.value.jobId === id);
    expect(created?.payload.value).toMatchObject({ startImageKey: copy });

    const done = await waitFor(async () => {
      const job = await read('painter', id);
      return job.status === 'COMPLETED' ? job : null;
    }, 60_000);
    expect(done.output).toMatchObject({ width: 480, height: 854 });
    const video = path.join(dir, `${id}.mp4`);
    const stored = await blobs().get(done.output!.videoKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    await writeFile(video, Buffer.concat(chunks));
    expect(await firstFrameSsim(video, pngPath, 480, 854)).toBeGreaterThanOrEqual(0.9);

    // A remix names the job's copy (the upload itself is swept after a day): accepted, copied again.
    const remix = await create('painter', { ...LITE_PORTRAIT, image: copy });
    expect(remix.status).toBe(202);
    const remixCopy = await blobs().head(startImageKeyOf('painter', remix.body.id as string));
    expect(remixCopy?.size).toBe(png.length);
  }, 90_000);

  it('a retried request (same Idempotency-Key) is one job with one copy and one hold', async () => {
    rig.commerce.give('retrier', 100);
    const image = await uploaded('retrier', png);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      create('retrier', { ...LITE_PORTRAIT, image }, key),
      create('retrier', { ...LITE_PORTRAIT, image }, key),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.id).toBe(first.body.id);
    expect(rig.commerce.account('retrier').holds.size).toBe(1);
  });

  it('without credits: 402, and neither the job nor its copy of the image stays', async () => {
    const image = await uploaded('broke', png);
    const answer = await create('broke', { ...LITE_PORTRAIT, image });
    expect(answer.status).toBe(402);
    const copies: string[] = [];
    for await (const blob of blobs().list('users/broke/')) copies.push(blob.key);
    expect(copies).toEqual([]);
  });

  const refusals: Array<[string, () => Buffer, string, RegExp]> = [
    [
      'a text file uploaded as a PNG',
      () => Buffer.from('this is not a picture at all\n'.repeat(40)),
      'image/png',
      /not a JPEG, PNG or WebP/,
    ],
    ['an empty file', () => Buffer.alloc(0), 'image/png', /empty/],
    ['an 11 MB file', () => Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]), 'image/png', /larger than 10 MB/],
    [
      'a decompression bomb (a header claiming 30000 × 30000)',
      () => pngClaiming(30_000, 30_000),
      'image/png',
      /at most 4096 pixels/,
    ],
    ['a damaged PNG (cut off after its header)', () => png.subarray(0, 200), 'image/png', /could not be read/],
  ];
  it.each(refusals)(
    'refuses %s with a 400 on image; the upload is deleted, nothing is held',
    async (_what, bytes, type, message) => {
      const user = `refused-${randomUUID().slice(0, 8)}`;
      rig.commerce.give(user, 100);
      const image = await uploaded(user, bytes(), type);
      const answer = await create(user, { ...LITE_PORTRAIT, image });
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(answer.body.errors.image).toMatch(message);
      expect(await blobs().head(image)).toBeNull();
      expect(rig.commerce.account(user).holds.size).toBe(0);
    },
  );

  it("refuses another user's upload as if it did not exist, and leaves it alone", async () => {
    rig.commerce.give('thief', 100);
    const victims = await uploaded('victim', png);
    const answer = await create('thief', { ...LITE_PORTRAIT, image: victims });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.image).toBe('There is no such image. Upload it again.');
    expect(await blobs().head(victims)).not.toBeNull();
    const missing = await create('thief', { ...LITE_PORTRAIT, image: `${uploadFolderOf('thief')}${randomUUID()}` });
    expect(missing.body.errors.image).toBe('There is no such image. Upload it again.');
    expect(rig.commerce.account('thief').holds.size).toBe(0);
  });

  it('refuses a name that is no start image at all (a video key, a path escape) with the same field error', async () => {
    for (const image of ['users/thief/jobs/x/video.mp4', 'uploads/thief/../victim/x', '']) {
      const answer = await create('thief', { ...LITE_PORTRAIT, image });
      expect({ image, status: answer.status }).toEqual({ image, status: 400 });
      expect(answer.body.errors.image).toBeDefined();
    }
  });
});
