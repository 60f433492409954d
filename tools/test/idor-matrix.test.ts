/**
 * The IDOR matrix, generated from `/bff/openapi.json`: for every operation that names a resource
 * its owner alone may reach (`x-owned-resource`: a job or an order, in the path or the body),
 * another user sending the owner's id gets 403 or 404 — while the owner gets the resource; and
 * for every admin operation a signed-in non-administrator gets 403.
 */
import { execFileSync } from 'node:child_process';
import { StartImageUploadResponseSchema } from '@kadr/contracts';
import { ApiClient } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';
import { operationsOf, type DocumentedOperation, type OpenApiDocument } from './support/openapi-operations';
import { sampleRequest } from './support/sample-request';
import { eventually } from './support/eventually';

type Document = OpenApiDocument & Parameters<typeof sampleRequest>[0];

describe('IDOR matrix from the OpenAPI document', () => {
  let stack: EmbeddedStack;
  let document: Document;
  let owner: ApiClient;
  let intruder: ApiClient;
  /** The owner's resources by kind. */
  const owned: Record<'job' | 'order', string> = { job: '', order: '' };
  let ownerId = '';

  beforeAll(async () => {
    stack = await startEmbeddedStack();
    document = (await (await fetch(`${stack.base}/bff/openapi.json`)).json()) as Document;
    owner = await ApiClient.signIn(stack.base, 'owner@kadr.local');
    intruder = await ApiClient.signIn(stack.base, 'intruder@kadr.local');
    ownerId = ((await owner.get('/bff/platform/api/auth/me')).body as { data: { id: string } }).data.id;
    await eventually(
      () => owner.get('/bff/platform/api/commerce/credits'),
      (res) => res.status === 200,
    );

    // A finished video (job, gallery item, bytes, start image) and a pending order of the owner's.
    const job = await owner.post('/bff/platform/jobs', {
      prompt: 'Private lighthouse',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
      image: await uploadStartImage(owner),
    });
    owned.job = (job.body as { id: string }).id;
    await eventually(
      () => owner.get('/bff/platform/api/media/videos'),
      (res) => (res.body as { data: { jobId: string }[] }).data.some((video) => video.jobId === owned.job),
    );
    const order = await owner.post('/bff/platform/api/commerce/payment/create-order', { packageId: 'credits-100' });
    owned.order = (order.body as { data: { orderId: string } }).data.orderId;
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses every owned resource to another user and every admin operation to a non-administrator', async () => {
    const operations = operationsOf(document);
    const ownedOperations = operations.filter((op) => op.operation['x-owned-resource']);
    const adminOperations = operations.filter((op) => op.path.startsWith('/bff/platform/admin/'));
    const failures: string[] = [];
    let requests = 0;

    const attempt = async (client: ApiClient, op: DocumentedOperation, values: Record<string, string>) => {
      const { url, body } = sampleRequest(document, op, values);
      requests += 1;
      const res = await client.request(op.method, url, body === undefined ? {} : { body });
      return { url, status: res.status };
    };

    for (const op of ownedOperations) {
      const resource = op.operation['x-owned-resource']!;
      const values = { [resource.name]: owned[resource.kind] };
      const theirs = await attempt(intruder, op, values);
      if (![403, 404].includes(theirs.status)) {
        failures.push(`${op.method} ${theirs.url} as another user → ${theirs.status}, expected 403/404`);
      }
      // The control: the owner does reach it (reads only; a state change would spend the resource).
      if (op.method === 'GET') {
        const mine = await attempt(owner, op, values);
        if (mine.status >= 400) failures.push(`${op.method} ${mine.url} as its owner → ${mine.status}`);
      }
    }
    // The order another user tried to settle is still the owner's and still pending.
    const order = await owner.get(`/bff/platform/api/commerce/orders/${owned.order}`);
    expect((order.body as { data: { status: string } }).data.status).toBe('pending');

    for (const op of adminOperations) {
      const result = await attempt(owner, op, { id: op.path.includes('/jobs/') ? owned.job : ownerId });
      if (result.status !== 403) failures.push(`${op.method} ${result.url} as a non-administrator → ${result.status}`);
    }

    console.log(`IDOR matrix: ${requests} requests, ${requests - failures.length} passed`);
    expect(failures).toEqual([]);
    // Generated, not hand-listed: jobs, orders and media in both forms, and every admin route.
    expect(ownedOperations.length).toBeGreaterThanOrEqual(9);
    expect(adminOperations.length).toBeGreaterThanOrEqual(9);
  }, 120_000);
});

/** A start image of the caller's (a PNG made with ffmpeg), sent with media's upload form; returns its name. */
async function uploadStartImage(client: ApiClient): Promise<string> {
  const png = execFileSync('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x180',
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ]);
  const asked = await client.post('/bff/platform/api/media/uploads', {
    contentType: 'image/png',
    sizeBytes: png.length,
  });
  const { image, upload } = StartImageUploadResponseSchema.parse(asked.body);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'start.png');
  const sent = await fetch(upload.url, { method: 'POST', body: form });
  if (sent.status !== 204) throw new Error(`the start image upload answered ${sent.status}`);
  return image;
}
