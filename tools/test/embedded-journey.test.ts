/**
 * The embedded product as `npm start` composes it, driven through the public API only, as the
 * web app will: sign in through the development identity provider, read the top bar's user
 * summary, change the language, buy credits and a plan through the mock payment provider.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@kadr/telemetry';
import { TestBrowser, formAction } from '../../services/auth-gateway/test/identity/helpers/browser';
import { dataOf, openStream, type SseStream } from '../../services/auth-gateway/test/live/helpers/sse-client';
import { resolveFfmpegBinaries } from '../../services/jobs/src/integrations/ffmpeg/ffmpeg-binaries';
import { startEmbedded, type RunningEmbedded } from '../launcher/compose-embedded';
import { freePort } from '@kadr/tooling/test-helpers';
import { eventually } from './support/eventually';

/** A file under `dir` whose name matches and whose path contains `pathPart` (the job id). */
function findFile(dir: string, match: (name: string) => boolean, pathPart: string): string {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && match(entry.name) && full.includes(pathPart)) return full;
  }
  throw new Error(`no such file for ${pathPart} under ${dir}`);
}

interface Summary {
  data: {
    tier: string;
    plan: string | null;
    preferredLanguage: string;
    allowance: { limit: number; used: number } | null;
    credits: { balance: number; currency: string; heldCredits: number } | null;
  };
}

describe('embedded product through the public API', () => {
  let kadr: RunningEmbedded;
  let dataDir: string;
  let base: string;
  const browser = new TestBrowser();
  let keys = 0;
  let live: SseStream;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-embedded-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir };
    for (const name of ['REDIS_URL', 'MONGODB_URI', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'OIDC_ISSUER_URL'])
      delete env[name];
    kadr = await startEmbedded(env, createLogger({ service: 'kadr-embedded', level: 'silent' }));
  }, 60_000);

  afterAll(async () => {
    live?.close();
    await kadr?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const getJson = async <T>(route: string): Promise<T> => {
    const res = await browser.request(`${base}${route}`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const send = (method: string, route: string, body: unknown) =>
    browser.request(`${base}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        origin: base,
        'x-csrf-token': browser.cookie('127.0.0.1', 'kadr_csrf') ?? '',
        'idempotency-key': `journey-${Date.now()}-${(keys += 1)}`,
      },
      body: JSON.stringify(body),
    });
  /** Through the development identity provider's page, as a person types their e-mail. */
  async function signIn(who: TestBrowser, email: string, returnTo: string) {
    const page = await who.follow(`${base}/auth/login?returnTo=${returnTo}`);
    return who.submitForm(
      formAction(await page.response!.text(), page.url, '/login'),
      { email },
      (url) => url.origin === base && !url.pathname.startsWith('/auth/'),
    );
  }
  const summary = () => getJson<Summary>('/bff/platform/api/users/me/summary');
  const balance = async () =>
    (await getJson<{ data: { balance: number } }>('/bff/platform/api/commerce/credits')).data.balance;

  async function buy(product: { packageId: string } | { planId: string }, outcome: 'success' | 'failure') {
    const created = await send('POST', '/bff/platform/api/commerce/payment/create-order', product);
    expect(created.status).toBeLessThan(300);
    const { data } = (await created.json()) as { data: { orderId: string; paymentUrl: string } };
    expect(data.paymentUrl).toContain(`/payment/mock-process?orderId=${data.orderId}`);
    const settled = await send('POST', '/bff/platform/api/commerce/payment/mock-process', {
      orderId: data.orderId,
      outcome,
    });
    expect(settled.status).toBe(200);
    return data.orderId;
  }

  /** A 5 s generation on the built-in renderer, followed until it completes. */
  async function generate(prompt: string, quality: 'Lite' | 'Standard' = 'Lite') {
    const created = await send('POST', '/bff/platform/jobs', {
      prompt,
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality,
      speed: 'Ultra Fast',
    });
    expect(created.status).toBe(202);
    const job = (await created.json()) as { id: string; status: string; progress: number; cost: number };
    expect(job).toMatchObject({ status: 'PENDING', progress: 0 });
    const done = await eventually(
      async () =>
        (
          await getJson<{ data: { id: string; status: string; chargedFrom: string; cost: number } }>(
            `/bff/platform/jobs/${job.id}`,
          )
        ).data,
      (j) => j.status === 'COMPLETED' || j.status === 'FAILED',
      60_000,
    );
    expect(done.status).toBe('COMPLETED');
    return done;
  }

  it('signs in, shows the summary, changes the language and buys credits and a plan', async () => {
    const landed = await signIn(browser, 'demo@kadr.local', '/buy-credits');
    expect(landed.url.href).toBe(`${base}/buy-credits`);
    // The live channel the job list and the credits badge listen to.
    live = await openStream(base, { cookie: browser.cookieHeader(new URL(base)) });
    expect(live.status).toBe(200);

    // user.registered → commerce opens the account with the welcome grant.
    await eventually(balance, (b) => b === 50);
    const first = await summary();
    expect(first.data).toMatchObject({
      tier: 'FREE',
      plan: null,
      preferredLanguage: 'pl',
      allowance: null,
      credits: { balance: 50, currency: 'credits', heldCredits: 0 },
    });

    const language = await send('PUT', '/bff/platform/api/i18n/user-language', { language: 'en' });
    expect(language.status).toBe(200);
    expect((await summary()).data.preferredLanguage).toBe('en');

    await buy({ packageId: 'credits-100' }, 'success');
    await eventually(balance, (b) => b === 150);
    await live.waitFor((e) => e.event === 'credits' && dataOf(e).balance === 150, 1, 10_000);

    // A generation paid with credits: PENDING → PROCESSING → COMPLETED, charged exactly its cost, nothing held.
    const paidJob = await generate('Sunrise over a calm lake', 'Standard');
    expect(paidJob.chargedFrom).toBe('credits');
    // The stored file is a real H.264 MP4 at the job's resolution and duration.
    const video = findFile(dataDir, (name) => name === 'video.mp4.blob', paidJob.id);
    // The ffprobe the jobs service itself uses: the system's, else the npm package's (no system ffmpeg needed).
    const probe = JSON.parse(
      execFileSync(
        resolveFfmpegBinaries(process.env).ffprobe.path,
        ['-v', 'error', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', video],
        {
          encoding: 'utf8',
        },
      ),
    ) as { streams: { codec_name: string; width: number; height: number }[]; format: { duration: string } };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(Math.abs(Number(probe.format.duration) - 5)).toBeLessThanOrEqual(0.2);
    await eventually(balance, (b) => b === 150 - paidJob.cost);
    expect((await summary()).data.credits).toMatchObject({ balance: 150 - paidJob.cost, heldCredits: 0 });
    const afterJob = 150 - paidJob.cost;

    // The gallery lists it, and the same-origin player and thumbnail addresses serve it.
    const gallery = await eventually(
      () =>
        getJson<{ data: { jobId: string; url: string; thumbnailUrl: string }[]; pagination: { total: number } }>(
          '/bff/platform/api/media/videos?page=1&limit=12',
        ),
      (g) => g.data.some((v) => v.jobId === paidJob.id),
    );
    const item = gallery.data.find((v) => v.jobId === paidJob.id)!;
    const range = await browser.request(`${base}${item.url}`, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toBe('video/mp4');
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    const thumbnail = await browser.request(`${base}${item.thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const jobEvents = (
      await live
        .waitFor((e) => e.event === 'completed' && dataOf(e).id === paidJob.id, 1, 10_000)
        .then(() => live.dataEvents().filter((e) => e.event !== 'credits' && dataOf(e).id === paidJob.id))
    ).map((e) => e.event);
    expect(jobEvents[0]).toBe('created');
    expect(jobEvents).toContain('started');
    expect(jobEvents).toContain('progress');
    expect(jobEvents.at(-1)).toBe('completed');

    const failedOrder = await buy({ packageId: 'credits-300' }, 'failure');
    const order = await getJson<{ data: { status: string } }>(`/bff/platform/api/commerce/orders/${failedOrder}`);
    expect(order.data.status).toBe('failed');
    expect(await balance()).toBe(afterJob);

    await buy({ planId: 'starter' }, 'success');
    const upgraded = await eventually(summary, (s) => s.data.plan === 'starter');
    expect(upgraded.data).toMatchObject({
      tier: 'PRO',
      plan: 'starter',
      allowance: { limit: 50, used: 0 },
      credits: { balance: afterJob, heldCredits: 0 },
    });

    // Inside the plan's allowance a generation costs no credits.
    const planJob = await generate('A paper boat on a rainy street');
    expect(planJob.chargedFrom).toBe('allowance');
    const withAllowance = await eventually(summary, (s) => s.data.allowance?.used === 1);
    expect(withAllowance.data.credits).toMatchObject({ balance: afterJob, heldCredits: 0 });
  }, 120_000);

  const admin = new TestBrowser();
  const asAdmin = (method: string, route: string) =>
    admin.request(`${base}${route}`, {
      method,
      headers: {
        accept: 'application/json',
        origin: base,
        'x-csrf-token': admin.cookie('127.0.0.1', 'kadr_csrf') ?? '',
        'idempotency-key': `purge-${Date.now()}-${(keys += 1)}`,
      },
    });
  type PurgeDetail = {
    data: {
      purge: {
        requestedBy: string;
        complete: boolean;
        services: { service: string; acknowledged: boolean }[];
      } | null;
    };
  };
  /** Until every service has acknowledged the user's purge (admin's view of it). */
  const purgeCompleted = (userId: string) =>
    eventually(
      async () => (await (await asAdmin('GET', `/bff/platform/admin/users/${userId}`)).json()) as PurgeDetail,
      (d) => d.data.purge?.complete === true,
    );

  /** Files under the data folder whose path or content names `id`, except the admin's purge receipt. */
  function filesMentioning(id: string): string[] {
    const found: string[] = [];
    for (const entry of fs.readdirSync(dataDir, { withFileTypes: true, recursive: true })) {
      const full = path.join(entry.parentPath, entry.name);
      const relative = path.relative(dataDir, full);
      // The admin service keeps the purge receipt (ids and times, no personal data) by design.
      if (relative.startsWith(`admin${path.sep}`)) continue;
      if (entry.isFile() && (relative.includes(id) || fs.readFileSync(full, 'utf8').includes(id))) found.push(relative);
    }
    return found;
  }

  it('an administrator deletes the user with purge: no service keeps a record or a blob of them', async () => {
    const demo = (await getJson<{ user: { id: string } }>('/auth/session')).user;
    await signIn(admin, 'admin@kadr.local', '/admin/users');
    // A plain user is refused by the gateway before the admin service is asked.
    expect((await browser.request(`${base}/bff/platform/admin/users`)).status).toBe(403);

    const listed = await eventually(
      async () =>
        (await (await asAdmin('GET', '/bff/platform/admin/users?q=DEMO@')).json()) as { data: { id: string }[] },
      (l) => l.data.some((u) => u.id === demo.id),
    );
    expect(listed.data.map((u) => u.id)).toContain(demo.id);

    // Before: every service holds something of theirs (the check below can fail).
    const before = filesMentioning(demo.id).map((file) => file.split(path.sep)[0]);
    expect(new Set(before)).toEqual(
      new Set(['auth-gateway', 'commerce', 'i18n', 'jobs', 'media', 'media-blobs', 'notifications']),
    );

    const deleted = await asAdmin('DELETE', `/bff/platform/admin/users/${demo.id}?purge=true`);
    expect(deleted.status).toBe(202);
    await purgeCompleted(demo.id);

    // Signed out everywhere, and nothing about them is left on disk: no document, no blob.
    expect(await (await browser.request(`${base}/auth/session`)).json()).toEqual({ authenticated: false });
    await new Promise((r) => setTimeout(r, 500)); // memory collections write their files within 100 ms
    expect(filesMentioning(demo.id)).toEqual([]);
  }, 60_000);

  it('a person downloads all their data, then deletes their own account: purged everywhere, signed out', async () => {
    // This browser's previous person is gone; someone new signs in on it.
    const email = `leaving-${Date.now()}@kadr.local`;
    await signIn(browser, email, '/settings');
    const person = (await getJson<{ user: { id: string } }>('/auth/session')).user;
    await eventually(balance, (b) => b === 50);
    expect((await send('PUT', '/bff/platform/api/i18n/user-language', { language: 'en' })).status).toBe(200);
    const orderId = await buy({ packageId: 'credits-100' }, 'success');
    await eventually(balance, (b) => b === 150);
    const job = await generate('A lantern drifting down a river');
    await eventually(
      () => getJson<{ data: { jobId: string }[] }>('/bff/platform/api/media/videos'),
      (g) => g.data.some((v) => v.jobId === job.id),
    );

    // The archive: every section, with this person's data, links that lead back to Kadr.
    const exported = await browser.request(`${base}/bff/platform/account/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kadr-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const archive = (await exported.json()) as {
      format: string;
      user: { id: string; email: string };
      settings: { aiProvider: string };
      language: { preferred: string };
      subscription: { plan: string | null };
      jobs: { id: string; prompt: string }[];
      ledger: { balance: number; lines: { kind: string; reference: string }[] };
      orders: { id: string; status: string }[];
      videos: { jobId: string; url: string }[];
    };
    expect(archive).toMatchObject({
      format: 'kadr-export/1',
      user: { id: person.id, email },
      settings: { aiProvider: 'local' },
      language: { preferred: 'en' },
      subscription: { plan: null },
      ledger: { balance: 150 - job.cost },
    });
    expect(archive.jobs.map((j) => [j.id, j.prompt])).toEqual([[job.id, 'A lantern drifting down a river']]);
    expect(archive.orders.map((o) => [o.id, o.status])).toEqual([[orderId, 'paid']]);
    expect(archive.ledger.lines.map((l) => l.kind).sort()).toEqual(['capture', 'grant', 'hold', 'purchase']);
    expect(archive.videos.map((v) => [v.jobId, v.url])).toEqual([[job.id, `${base}/video/${job.id}`]]);

    const before = filesMentioning(person.id).map((file) => file.split(path.sep)[0]);
    expect(new Set(before)).toEqual(
      new Set(['auth-gateway', 'commerce', 'i18n', 'jobs', 'media', 'media-blobs', 'notifications']),
    );

    // A wrong confirmation deletes nothing; the right one (any letter case) starts the purge and signs out.
    const wrong = await send('DELETE', '/bff/platform/account', { confirmEmail: 'someone@kadr.local' });
    expect(wrong.status).toBe(400);
    const gone = await send('DELETE', '/bff/platform/account', { confirmEmail: email.toUpperCase() });
    expect(gone.status).toBe(202);
    expect(await (await browser.request(`${base}/auth/session`)).json()).toEqual({ authenticated: false });

    // The administrator's purge, requested by the person: every service acknowledged, nothing left on disk.
    await signIn(admin, 'admin@kadr.local', '/admin/users');
    const { data } = await purgeCompleted(person.id);
    expect(data.purge?.requestedBy).toBe(person.id);
    await new Promise((r) => setTimeout(r, 500)); // memory collections write their files within 100 ms
    expect(filesMentioning(person.id)).toEqual([]);
  }, 120_000);
});
