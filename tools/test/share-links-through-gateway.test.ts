/**
 * Share links (issue 21) through the real gateway on the embedded stack: the owner shares a finished
 * video, a signed-out visitor opens the page (the job's real prompt, the tags of link previews, noindex),
 * plays it and reports it; the administrator sees the report; the owner revokes and the page, the video
 * and the thumbnail answer 404 at once; deleting the job removes its other links.
 */
import { ApiClient } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';
import { eventually } from './support/eventually';

interface LinkAnswer {
  data: { id: string; path: string; views: number; state: string };
}

describe('share links through the gateway [embedded stack]', () => {
  let stack: EmbeddedStack;

  beforeAll(async () => {
    stack = await startEmbeddedStack();
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('share, open signed out, report, revoke → 404 at once; a deleted job takes its links', async () => {
    const owner = await ApiClient.signIn(stack.base, 'share-owner@kadr.local');
    const visitor = await ApiClient.signIn(stack.base, 'share-visitor@kadr.local');
    await visitor.post('/auth/logout');
    const admin = await ApiClient.signIn(stack.base, 'admin@kadr.local');
    await eventually(
      () => owner.get('/bff/platform/api/commerce/credits'),
      (res) => res.status === 200,
    );
    const created = await owner.post('/bff/platform/jobs', {
      prompt: 'A <b>lighthouse</b> at "dusk"',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
    });
    const jobId = (created.body as { id: string }).id;
    await eventually(
      () => owner.get('/bff/platform/api/media/videos'),
      (res) => (res.body as { data: { jobId: string }[] }).data.some((video) => video.jobId === jobId),
    );

    const shared = await owner.post(`/bff/platform/api/media/videos/${jobId}/shares`, {
      label: 'For the team',
      shownAs: 'Ala',
    });
    expect(shared.status).toBe(201);
    const link = (shared.body as LinkAnswer).data;
    const second = (
      (await owner.post(`/bff/platform/api/media/videos/${jobId}/shares`, { hidePrompt: true })).body as LinkAnswer
    ).data;

    const page = await visitor.get(link.path, { headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:type" content="video.other">');
    expect(html).toContain(`<meta property="og:image" content="${stack.base}${link.path}/thumbnail">`);
    expect(html).toContain(`<meta property="og:video" content="${stack.base}${link.path}/video">`);
    // The job's own prompt, escaped; the owner's chosen name and nothing else of them.
    expect(html).toContain('A &#60;b&#62;lighthouse&#60;/b&#62; at &#34;dusk&#34;');
    expect(html).toContain('Shared by Ala');
    expect(html).not.toContain('share-owner@kadr.local');
    const hidden = String(
      (await visitor.get(second.path, { headers: { accept: 'text/html', 'accept-language': 'en' } })).body,
    );
    expect(hidden).not.toContain('lighthouse');

    const video = await visitor.get(`${link.path}/video`, { headers: { range: 'bytes=0-99' } });
    expect([200, 206]).toContain(video.status);
    expect(video.contentType).toBe('video/mp4');
    expect((await visitor.get(`${link.path}/thumbnail`)).contentType).toBe('image/jpeg');

    expect((await visitor.post(`${link.path}/reports`, { reason: 'spam', details: 'journey' })).status).toBe(204);
    const reports = (await admin.get('/bff/platform/admin/share-reports')).body as {
      data: { linkId: string; reason: string }[];
    };
    expect(reports.data.find((r) => r.linkId === link.id)?.reason).toBe('spam');

    const listed = (await owner.get(`/bff/platform/api/media/videos/${jobId}/shares`)).body as {
      data: LinkAnswer['data'][];
    };
    expect(listed.data.find((l) => l.id === link.id)?.views).toBe(1);

    // Revoked: the page and every media URL behind it answer 404 from the next request on.
    expect((await owner.post(`/bff/platform/api/media/videos/${jobId}/shares/${link.id}/revoke`)).status).toBe(200);
    expect((await visitor.get(link.path, { headers: { accept: 'text/html', 'accept-language': 'en' } })).status).toBe(
      404,
    );
    expect((await visitor.get(`${link.path}/video`, { headers: { range: 'bytes=0-99' } })).status).toBe(404);
    expect((await visitor.get(`${link.path}/thumbnail`)).status).toBe(404);

    // The owner deletes the video: its remaining link goes with it.
    expect((await visitor.get(second.path, { headers: { accept: 'text/html', 'accept-language': 'en' } })).status).toBe(
      200,
    );
    expect((await owner.request('DELETE', `/bff/platform/jobs/${jobId}`)).status).toBe(204);
    await eventually(
      () => visitor.get(second.path, { headers: { accept: 'text/html', 'accept-language': 'en' } }),
      (res) => res.status === 404,
    );
  }, 120_000);
});
