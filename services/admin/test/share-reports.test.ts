import request from 'supertest';
import { ShareReportsPageSchema, type AdminLogEntry } from '@kadr/contracts';
import { administrator, startAdminRig, user, type AdminRig } from './support/admin-rig';
import { startFakeMedia, type FakeUpstream } from './support/fake-upstreams';

const SECRET = 'test-only-internal-secret-0123456789abcdef';

describe('the administrator and share links', () => {
  let media: FakeUpstream;
  let rig: AdminRig;

  beforeAll(async () => {
    media = await startFakeMedia(SECRET);
    rig = await startAdminRig({ MEDIA_URL: media.url });
  });
  afterAll(async () => {
    await rig.close();
    await media.close();
  });

  const auth = async (caller = administrator()) => ({ authorization: await rig.auth(caller) });
  const auditLines = async (action: string): Promise<AdminLogEntry[]> =>
    (
      await request(rig.admin.app)
        .get(`/admin/logs?kind=admin_action&action=${action}`)
        .set(await auth())
    ).body.data as AdminLogEntry[];

  it("lists media's reports with the administrator's identity", async () => {
    const res = await request(rig.admin.app)
      .get('/admin/share-reports?skip=0&take=20')
      .set(await auth());
    expect(res.status).toBe(200);
    expect(ShareReportsPageSchema.parse(res.body).data[0]).toMatchObject({ reason: 'spam', linkId: 'link-1' });
    const call = media.calls.at(-1);
    expect(call).toMatchObject({ method: 'GET', path: '/internal/admin/share-reports?skip=0&take=20' });
    expect(call?.caller).toMatchObject({ kind: 'user', userId: 'admin-1' });
  });

  it('refuses someone who is not the administrator (403), media never asked', async () => {
    const before = media.calls.length;
    const res = await request(rig.admin.app)
      .post('/admin/share-links/link-1/revoke')
      .set(await auth(user('mallory')));
    expect(res.status).toBe(403);
    expect(media.calls).toHaveLength(before);
  });

  it('revokes any link and writes the audit line, also for a failure', async () => {
    const ok = await request(rig.admin.app)
      .post('/admin/share-links/link-7/revoke')
      .set(await auth());
    expect(ok.status).toBe(200);
    expect(ok.body.data.state).toBe('revoked');
    const missing = await request(rig.admin.app)
      .post('/admin/share-links/missing/revoke')
      .set(await auth());
    expect(missing.status).toBe(404);
    const lines = await auditLines('share_links.revoke');
    expect(lines.map((l) => [l.targetId, l.outcome])).toEqual(
      expect.arrayContaining([
        ['link-7', 'success'],
        ['missing', 'failure'],
      ]),
    );
  });

  it('answers 503 when media is not configured', async () => {
    const bare = await startAdminRig({});
    try {
      const res = await request(bare.admin.app)
        .get('/admin/share-reports')
        .set({ authorization: await bare.auth(administrator()) });
      expect(res.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
