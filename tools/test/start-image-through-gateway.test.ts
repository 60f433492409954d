/**
 * Image-to-video through the embedded product (issue 21), as the web app does it: a signed-in person
 * asks media for an upload form, posts the picture to the form's URL (the gateway's `POST /blobs`,
 * no session needed), creates a job naming the upload, and sees the start image at
 * `/start-images/{jobId}` — nobody else does. A form changed by hand stores nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { StartImageUploadResponseSchema, type StartImageUploadResponse } from '@kadr/contracts';
import { ApiClient } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';
import { eventually } from './support/eventually';

const run = promisify(execFile);

describe('start images through the gateway', () => {
  let stack: EmbeddedStack;
  let dir: string;
  let png: Buffer;

  beforeAll(async () => {
    stack = await startEmbeddedStack();
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-start-image-api-'));
    const file = path.join(dir, 'card.png');
    await run('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x360',
      '-frames:v',
      '1',
      file,
    ]);
    png = await readFile(file);
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** The browser's POST of the form: every field, then the file last; no cookies. */
  const send = async (
    form: StartImageUploadResponse['upload'],
    bytes: Buffer,
    changes: Record<string, string> = {},
  ) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...form.fields, ...changes })) body.append(name, value);
    body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'card.png');
    const answer = await fetch(form.url, { method: 'POST', body });
    return { status: answer.status, text: await answer.text() };
  };

  it('uploads with the form, renders from the image, and shows it to the owner only', async () => {
    const owner = await ApiClient.signIn(stack.base, 'painter@kadr.local');
    const stranger = await ApiClient.signIn(stack.base, 'stranger@kadr.local');
    await eventually(
      () => owner.get('/bff/platform/api/commerce/credits'),
      (res) => res.status === 200,
    );

    const asked = await owner.post('/bff/platform/api/media/uploads', {
      contentType: 'image/png',
      sizeBytes: png.length,
    });
    expect(asked.status).toBe(201);
    const form = StartImageUploadResponseSchema.parse(asked.body);
    expect(form.upload.url).toBe(`${stack.base}/blobs`);

    // A form whose key was changed to another name stores nothing (403); the real one is stored (204).
    const tampered = await send(form.upload, png, { key: form.image.replace(/[0-9a-f]$/, 'x') });
    expect(tampered.status).toBe(403);
    expect((await send(form.upload, png)).status).toBe(204);

    const created = await owner.post('/bff/platform/jobs', {
      prompt: 'The test card, slowly',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
      aspectRatio: '9:16',
      image: form.image,
    });
    expect(created.status).toBe(202);
    const jobId = (created.body as { id: string }).id;
    await eventually(
      () => owner.get(`/bff/platform/jobs/${jobId}`),
      (res) => (res.body as { data: { status: string } }).data.status === 'COMPLETED',
      60_000,
    );
    const job = (await owner.get(`/bff/platform/jobs/${jobId}`)).body as {
      data: { startImage: { url: string }; output: { width: number; height: number } };
    };
    expect(job.data.startImage.url).toBe(`/start-images/${jobId}`);
    expect(job.data.output).toMatchObject({ width: 480, height: 854 });

    const mine = await owner.browser.request(`${stack.base}/start-images/${jobId}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(png);
    const theirs = await stranger.browser.request(`${stack.base}/start-images/${jobId}`);
    expect(theirs.status).toBe(404);
    await theirs.arrayBuffer();
    const signedOut = await fetch(`${stack.base}/start-images/${jobId}`);
    expect(signedOut.status).toBe(401);

    // Someone else's upload is refused as if it did not exist.
    const stolen = await stranger.post('/bff/platform/jobs', {
      prompt: 'Not mine',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
      image: form.image,
    });
    expect(stolen.status).toBe(400);
    expect((stolen.body as { errors: Record<string, string> }).errors.image).toBe(
      'There is no such image. Upload it again.',
    );
  }, 120_000);
});
