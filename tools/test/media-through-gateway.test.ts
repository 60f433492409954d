/**
 * The media service behind the real gateway, as the web app uses it: two people sign in through
 * the development identity provider; one of them has a finished video (a real MP4 stored as the
 * worker stores it, registered from `job.progress` COMPLETED). The other must get 404 for every
 * address of it, the owner gets the bytes — Range requests included — and the signed URLs work
 * from a browser with no session at all.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileSystemBlobStore } from '@kadr/blob-store';
import { MemoryEventBus } from '@kadr/event-bus';
import { gatewayConfigSchema, startAuthGateway, type RunningGateway } from '@kadr/auth-gateway';
import { startDevIdentityProvider, type RunningDevIdentityProvider } from '@kadr/auth-gateway/dev-identity-provider';
import { mediaConfigSchema, startMedia, type RunningMedia } from '@kadr/media';
import { freePort, until } from '@kadr/tooling/test-helpers';
import { TestBrowser, formAction } from '../../services/auth-gateway/test/identity/helpers/browser';
import { completedEvent, thumbnailKeyOf, videoKeyOf } from '../../services/media/test/support/events';
import { mediaFixtures } from '../../services/media/test/support/fixtures';

const INTERNAL_SECRET = randomBytes(32).toString('hex');
const SIGNING_SECRET = randomBytes(32).toString('hex');
const ADMIN_EMAIL = 'admin@kadr.local';

describe('media through the gateway: two users, ranges, signed URLs', () => {
  let dataDir: string;
  let bus: MemoryEventBus;
  let provider: RunningDevIdentityProvider;
  let media: RunningMedia;
  let gateway: RunningGateway;
  let base: string;
  const { video, thumbnail } = mediaFixtures();
  const alice = new TestBrowser();
  const bob = new TestBrowser();
  const administrator = new TestBrowser();
  let aliceId: string;
  const aliceJob = `job-${randomBytes(8).toString('hex')}`;

  async function signIn(browser: TestBrowser, email: string): Promise<string> {
    const page = await browser.follow(`${base}/auth/login?returnTo=/gallery`);
    await browser.submitForm(
      formAction(await page.response!.text(), page.url, '/login'),
      { email },
      (url) => url.origin === base && !url.pathname.startsWith('/auth/'),
    );
    const session = (await (await browser.request(`${base}/auth/session`)).json()) as { user: { id: string } };
    return session.user.id;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-media-gateway-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    bus = new MemoryEventBus();
    provider = await startDevIdentityProvider({
      port: 0,
      host: '127.0.0.1',
      clients: [{ client_id: 'kadr-web', redirect_uris: [`${base}/auth/callback`] }],
      accounts: [],
      adminEmail: ADMIN_EMAIL,
    });
    // The embedded launcher's wiring: one blob store, signed for the gateway's public URL, shared
    // by the jobs worker (here: the test writing blobs) and media.
    const blobs = new FileSystemBlobStore({
      root: path.join(dataDir, 'media-blobs'),
      publicBaseUrl: base,
      signingSecret: SIGNING_SECRET,
    });
    media = await startMedia(
      mediaConfigSchema.parse({
        NODE_ENV: 'test',
        PORT: '0',
        LOG_LEVEL: 'silent',
        INTERNAL_TOKEN_SECRET: INTERNAL_SECRET,
        MEDIA_SIGNING_SECRET: SIGNING_SECRET,
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
      }),
      { adapters: { eventBus: bus, blobStore: blobs }, defaultMetrics: false },
    );
    gateway = await startAuthGateway(
      gatewayConfigSchema.parse({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        LOG_LEVEL: 'silent',
        INTERNAL_TOKEN_SECRET: INTERNAL_SECRET,
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: 'kadr-web',
        ADMIN_EMAIL,
        MEDIA_URL: media.url,
      }),
      { adapters: { eventBus: bus }, defaultMetrics: false },
    );

    aliceId = await signIn(alice, 'alice@kadr.local');
    await signIn(bob, 'bob@kadr.local');
    await signIn(administrator, ADMIN_EMAIL);

    // What the worker does when Alice's job finishes.
    await blobs.put(videoKeyOf(aliceId, aliceJob), video, { contentType: 'video/mp4' });
    await blobs.put(thumbnailKeyOf(aliceId, aliceJob), thumbnail, { contentType: 'image/jpeg' });
    const completed = completedEvent({ userId: aliceId, jobId: aliceJob, sizeBytes: video.length });
    await bus.publish(completed.topic, [completed]);
    await until(
      async () => {
        const res = await alice.request(`${base}/bff/platform/api/media/videos`, {
          headers: { accept: 'application/json' },
        });
        return ((await res.json()) as { pagination: { total: number } }).pagination.total === 1;
      },
      { what: "alice's video is listed", timeoutMs: 10_000 },
    );
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    await media?.stop();
    await provider?.stop();
    await bus?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const addressesOf = (jobId: string) => [
    `/video/${jobId}`,
    `/thumbs/${jobId}`,
    `/bff/platform/api/media/videos/${jobId}/stream?format=json`,
    `/bff/platform/api/media/thumbnail/${jobId}?format=json`,
  ];

  it("shows the owner's gallery to the owner only", async () => {
    const gallery = async (browser: TestBrowser) =>
      (await browser.request(`${base}/bff/platform/api/media/videos?page=1&limit=12`)).json();
    expect(await gallery(alice)).toMatchObject({
      data: [{ jobId: aliceJob, url: `/video/${aliceJob}`, thumbnailUrl: `/thumbs/${aliceJob}`, type: 'video/mp4' }],
      pagination: { page: 1, limit: 12, total: 1, hasNext: false },
    });
    expect(await gallery(bob)).toEqual({ data: [], pagination: { page: 1, limit: 12, total: 0, hasNext: false } });
  });

  it("answers user B 404 for every address of user A's video — the same as for a job that does not exist", async () => {
    for (const address of [...addressesOf(aliceJob), ...addressesOf('no-such-job')]) {
      const res = await bob.request(`${base}${address}`, { headers: { range: 'bytes=0-0' } });
      expect({ address, status: res.status }).toEqual({ address, status: 404 });
      expect(await res.json()).toMatchObject({ type: '/problems/not_found' });
    }
  });

  it('serves every address to the owner and to the administrator, and 401 to nobody signed in', async () => {
    for (const browser of [alice, administrator]) {
      for (const address of addressesOf(aliceJob)) {
        const res = await browser.request(`${base}${address}`);
        expect({ address, status: res.status }).toEqual({ address, status: 200 });
        await res.arrayBuffer();
      }
    }
    const anonymous = await fetch(`${base}/video/${aliceJob}`);
    expect(anonymous.status).toBe(401);
  });

  it('answers Range requests on /video with exactly the bytes asked for', async () => {
    const size = video.length;
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=1000-4999', 1000, 4999],
      ['bytes=-1024', size - 1024, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await alice.request(`${base}/video/${aliceJob}`, { headers: { range } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.compare(await bytes(res), video.subarray(start, end + 1))).toBe(0);
    }
    const whole = await alice.request(`${base}/video/${aliceJob}`);
    expect(whole.status).toBe(200);
    expect(Buffer.compare(await bytes(whole), video)).toBe(0);

    const beyond = await alice.request(`${base}/video/${aliceJob}`, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();
  });

  it('serves the thumbnail as a privately cached JPEG', async () => {
    const res = await alice.request(`${base}/thumbs/${aliceJob}`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.compare(await bytes(res), thumbnail)).toBe(0);
  });

  it('gives signed URLs that work without a session through /blobs, and refuses tampered ones', async () => {
    const stream = await alice.request(`${base}/bff/platform/api/media/videos/${aliceJob}/stream?format=json`);
    const { url, contentType } = (await stream.json()) as { url: string; contentType: string };
    expect(contentType).toBe('video/mp4');
    expect(url.startsWith(`${base}/blobs/users/`)).toBe(true);

    const ranged = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.compare(await bytes(ranged), video.subarray(100, 200))).toBe(0);

    const thumb = await alice.request(`${base}/bff/platform/api/media/thumbnail/${aliceJob}?format=json`);
    const thumbUrl = ((await thumb.json()) as { data: { url: string } }).data.url;
    const image = await fetch(thumbUrl);
    expect(image.status).toBe(200);
    expect(Buffer.compare(await bytes(image), thumbnail)).toBe(0);

    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(tampered.searchParams.get('expires')) + 60));
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
  });
});
