import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  SHARE_LINKS_PER_VIDEO_MAX,
  SHARE_PATHS,
  ShareLinkListResponseSchema,
  ShareLinkResponseSchema,
  ShareReportsPageSchema,
  SharedVideoResponseSchema,
  type ShareLinkView,
} from '@kadr/contracts';
import { until } from '@kadr/tooling/test-helpers';
import type { InternalCaller } from '@kadr/http-kit';
import { jobDeletedEvent, userDeletedEvent } from './support/events';
import { mediaFixtures } from './support/fixtures';
import { admin, service, startMediaRig, user, type MediaRig } from './support/media-rig';

const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('share links', () => {
  let rig: MediaRig;
  let now = new Date('2026-03-01T10:00:00.000Z');
  const { video, thumbnail } = mediaFixtures();
  const alice = `alice-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;
  const aliceJob = randomUUID();

  beforeAll(async () => {
    rig = await startMediaRig({}, { clock: () => now });
    await rig.completeJob({ userId: alice, jobId: aliceJob });
  });
  afterAll(() => rig.close());

  const call = async (method: 'get' | 'post', path: string, caller: InternalCaller, body?: unknown) => {
    const agent = request(rig.media.app);
    const req = (method === 'get' ? agent.get(path) : agent.post(path)).set('authorization', await rig.auth(caller));
    return body === undefined ? req : req.send(body as object);
  };
  const create = async (body: unknown = {}, jobId = aliceJob, caller = user(alice)) =>
    call('post', SHARE_PATHS.videoShares(jobId), caller, body);
  const created = async (body: unknown = {}): Promise<ShareLinkView> => {
    const res = await create(body);
    expect(res.status).toBe(201);
    return ShareLinkResponseSchema.parse(res.body).data;
  };
  const bytes = async (path: string) =>
    request(rig.media.app)
      .get(path)
      .set('authorization', await rig.auth(service))
      .buffer(true)
      .parse(binary);

  describe('the owner', () => {
    it('creates a link with an unguessable 43-character token and the chosen options', async () => {
      const link = await created({
        label: 'For the team',
        expiresInDays: 7,
        hidePrompt: true,
        allowIndexing: true,
        shownAs: 'Ala',
        prompt: 'A fox',
      });
      expect(link).toMatchObject({
        jobId: aliceJob,
        label: 'For the team',
        hidePrompt: true,
        allowIndexing: true,
        shownAs: 'Ala',
        views: 0,
        state: 'active',
        revokedAt: null,
        expiresAt: '2026-03-08T10:00:00.000Z',
      });
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(link.path).toBe(`/v/${link.token}`);
      const other = await created({});
      expect(other.token).not.toBe(link.token);
      expect(other).toMatchObject({
        label: null,
        expiresAt: null,
        hidePrompt: false,
        allowIndexing: false,
        shownAs: null,
      });
    });

    it('lists the video’s links with their view counts, newest first', async () => {
      const link = await created({ label: 'counted' });
      now = new Date(now.getTime() + 1000);
      await call('post', SHARE_PATHS.publicView(link.token), service);
      await call('post', SHARE_PATHS.publicView(link.token), service);
      const res = await call('get', SHARE_PATHS.videoShares(aliceJob), user(alice));
      expect(res.status).toBe(200);
      const links = ShareLinkListResponseSchema.parse(res.body).data;
      expect(links.find((l) => l.id === link.id)?.views).toBe(2);
    });

    it('refuses bad fields with 400 validation and a message per field', async () => {
      const res = await create({ label: 'x'.repeat(81), expiresInDays: 3, hidePrompt: 'yes', shownAs: 'a\u0007b' });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.type).toBe('/problems/validation');
      expect(Object.keys(res.body.errors as object).sort()).toEqual([
        'expiresInDays',
        'hidePrompt',
        'label',
        'shownAs',
      ]);
    });

    it("answers someone else's video and a missing one with the same 404", async () => {
      const strangers = await create({}, aliceJob, user(bob));
      const missing = await create({}, randomUUID(), user(bob));
      expect(strangers.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(strangers.body.detail).toBe(missing.body.detail);
      expect((await call('get', SHARE_PATHS.videoShares(aliceJob), user(bob))).status).toBe(404);
      const link = await created({});
      expect((await call('post', SHARE_PATHS.revoke(aliceJob, link.id), user(bob))).status).toBe(404);
    });

    it('revokes a link: the page, the video and the thumbnail answer 404 at once; revoking again is harmless', async () => {
      const link = await created({});
      expect((await bytes(SHARE_PATHS.publicVideo(link.token))).status).toBe(200);
      const res = await call('post', SHARE_PATHS.revoke(aliceJob, link.id), user(alice));
      expect(res.status).toBe(200);
      expect(res.body.data.state).toBe('revoked');
      expect((await call('post', SHARE_PATHS.publicView(link.token), service)).status).toBe(404);
      expect((await bytes(SHARE_PATHS.publicVideo(link.token))).status).toBe(404);
      expect((await bytes(SHARE_PATHS.publicThumbnail(link.token))).status).toBe(404);
      expect((await call('post', SHARE_PATHS.revoke(aliceJob, link.id), user(alice))).status).toBe(200);
    });

    it(`allows at most ${SHARE_LINKS_PER_VIDEO_MAX} unrevoked links per video (409)`, async () => {
      const jobId = randomUUID();
      await rig.completeJob({ userId: alice, jobId });
      for (let i = 0; i < SHARE_LINKS_PER_VIDEO_MAX; i += 1) expect((await create({}, jobId)).status).toBe(201);
      const over = await create({}, jobId);
      expect(over.status).toBe(409);
      expect(over.body.type).toBe('/problems/conflict');
    });
  });

  describe('the public side (the gateway only)', () => {
    it('gives the page data without the prompt when hidden, and counts each view', async () => {
      const hidden = await created({ hidePrompt: true, prompt: 'secret words' });
      const shown = await created({ prompt: 'A fox <script>', shownAs: 'Ala' });
      const a = SharedVideoResponseSchema.parse(
        (await call('post', SHARE_PATHS.publicView(hidden.token), service)).body,
      );
      const b = SharedVideoResponseSchema.parse(
        (await call('post', SHARE_PATHS.publicView(shown.token), service)).body,
      );
      expect(a.data.prompt).toBeNull();
      expect(b.data).toMatchObject({ prompt: 'A fox <script>', shownAs: 'Ala', allowIndexing: false });
      expect(JSON.stringify(b.data)).not.toContain(alice);
    });

    it('gives the same data without counting a view to the gateway’s HEAD of the page (GET without /views)', async () => {
      const link = await created({ prompt: 'A fox' });
      const peeked = await call('get', `/internal/shared/${link.token}`, service);
      expect(SharedVideoResponseSchema.parse(peeked.body).data.prompt).toBe('A fox');
      const links = ShareLinkListResponseSchema.parse(
        (await call('get', SHARE_PATHS.videoShares(aliceJob), user(alice))).body,
      );
      expect(links.data.find((l) => l.id === link.id)?.views).toBe(0);
    });

    it('serves the video (with ranges) and thumbnail bytes of an active link, private to the browser for 60 s', async () => {
      const link = await created({});
      const full = await bytes(SHARE_PATHS.publicVideo(link.token));
      expect(full.status).toBe(200);
      expect(Buffer.compare(full.body as Buffer, video)).toBe(0);
      expect(full.headers['cache-control']).toBe('private, max-age=60');
      const thumb = await bytes(SHARE_PATHS.publicThumbnail(link.token));
      expect(Buffer.compare(thumb.body as Buffer, thumbnail)).toBe(0);
      const ranged = await request(rig.media.app)
        .get(SHARE_PATHS.publicVideo(link.token))
        .set('authorization', await rig.auth(service))
        .set('range', 'bytes=0-9');
      expect(ranged.status).toBe(206);
    });

    it('answers an expired link 404 from the instant it expires', async () => {
      const link = await created({ expiresInDays: 1 });
      expect((await bytes(SHARE_PATHS.publicVideo(link.token))).status).toBe(200);
      const before = now;
      now = new Date(before.getTime() + 24 * 60 * 60 * 1000);
      try {
        expect((await call('post', SHARE_PATHS.publicView(link.token), service)).status).toBe(404);
        expect((await bytes(SHARE_PATHS.publicVideo(link.token))).status).toBe(404);
      } finally {
        now = before;
      }
    });

    it('answers unknown and malformed tokens 404', async () => {
      expect((await call('post', SHARE_PATHS.publicView('A'.repeat(43)), service)).status).toBe(404);
      expect((await call('post', SHARE_PATHS.publicView('short'), service)).status).toBe(404);
    });

    it('refuses users (even the owner) on the public routes: 403', async () => {
      const link = await created({});
      expect((await call('post', SHARE_PATHS.publicView(link.token), user(alice))).status).toBe(403);
    });

    it('takes a report with a reason from the list; the administrator sees it and revokes the link', async () => {
      const link = await created({ label: 'reported' });
      const bad = await call('post', SHARE_PATHS.publicReports(link.token), service, { reason: 'boring' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.reason).toBeDefined();
      const ok = await call('post', SHARE_PATHS.publicReports(link.token), service, {
        reason: 'spam',
        details: 'ads',
      });
      expect(ok.status).toBe(204);

      expect((await call('get', SHARE_PATHS.adminReports, user(alice))).status).toBe(403);
      const page = ShareReportsPageSchema.parse((await call('get', SHARE_PATHS.adminReports, admin())).body);
      const mine = page.data.find((r) => r.linkId === link.id);
      expect(mine).toMatchObject({ reason: 'spam', details: 'ads', jobId: aliceJob, link: { state: 'active' } });

      const revoked = await call('post', SHARE_PATHS.adminRevoke(link.id), admin());
      expect(revoked.status).toBe(200);
      expect((await call('post', SHARE_PATHS.publicView(link.token), service)).status).toBe(404);
      expect((await call('post', SHARE_PATHS.adminRevoke(randomUUID()), admin())).status).toBe(404);
      expect((await call('post', SHARE_PATHS.publicReports(link.token), service, { reason: 'spam' })).status).toBe(404);
    });
  });

  describe('deletes', () => {
    it('job.deleted removes the job’s links: the page is a 404', async () => {
      const jobId = randomUUID();
      await rig.completeJob({ userId: alice, jobId });
      const res = await create({}, jobId);
      const link = ShareLinkResponseSchema.parse(res.body).data;
      await rig.publish(jobDeletedEvent(alice, jobId));
      await until(async () => (await rig.media.shares.active(link.token)) === null);
      expect((await call('post', SHARE_PATHS.publicView(link.token), service)).status).toBe(404);
    });

    it('user.deleted removes every link of the user’s videos', async () => {
      const carol = `carol-${randomUUID()}`;
      const jobId = randomUUID();
      await rig.completeJob({ userId: carol, jobId });
      const link = ShareLinkResponseSchema.parse((await create({}, jobId, user(carol))).body).data;
      await rig.publish(userDeletedEvent(carol, true));
      await until(async () => (await rig.media.shares.active(link.token)) === null);
    });
  });
});
