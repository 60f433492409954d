/**
 * The gallery people manage (issue 21) through the real gateway on the embedded stack, as the web app
 * calls it: a person renders a video, finds it by a word of its prompt, stars it, and deletes it. The
 * deletion takes the administrator's `job.deleted` path: media's record and files go (the gallery, the
 * video and the thumbnail answer 404), the credit ledger keeps the job's lines. Another person gets 404
 * for every gallery route of that job; the gateway refuses a state-changing call without its CSRF token.
 */
import { ApiClient } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';
import { eventually } from './support/eventually';

interface GalleryAnswer {
  data: { jobId: string; favourite: boolean; status: string }[];
  pagination: { total: number };
}

describe('the gallery through the gateway [embedded stack]', () => {
  let stack: EmbeddedStack;

  beforeAll(async () => {
    stack = await startEmbeddedStack();
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('search, star and delete one’s own video; the ledger keeps its lines; a stranger gets 404', async () => {
    const owner = await ApiClient.signIn(stack.base, 'gallery-owner@kadr.local');
    const stranger = await ApiClient.signIn(stack.base, 'gallery-stranger@kadr.local');
    await eventually(
      () => owner.get('/bff/platform/api/commerce/credits'),
      (res) => res.status === 200,
    );
    const created = await owner.post('/bff/platform/jobs', {
      prompt: 'A Lighthouse at dusk',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
    });
    expect(created.status).toBe(202);
    const jobId = (created.body as { id: string }).id;
    await eventually(
      () => owner.get('/bff/platform/api/media/videos'),
      (res) => (res.body as { data: { jobId: string }[] }).data.some((video) => video.jobId === jobId),
    );

    const found = await owner.get('/bff/platform/jobs/gallery?q=lighthouse&status=COMPLETED');
    expect(found.status).toBe(200);
    expect((found.body as GalleryAnswer).data.map((item) => item.jobId)).toEqual([jobId]);
    expect(((await owner.get('/bff/platform/jobs/gallery?q=harbour')).body as GalleryAnswer).pagination.total).toBe(0);
    expect((await owner.get('/bff/platform/jobs/gallery?sort=sideways')).status).toBe(400);

    expect((await owner.put(`/bff/platform/jobs/${jobId}/favourite`)).body).toEqual({
      data: { jobId, favourite: true },
    });
    const starred = (await owner.get('/bff/platform/jobs/gallery?favourites=true')).body as GalleryAnswer;
    expect(starred.data.map((item) => item.jobId)).toEqual([jobId]);

    for (const [method, url] of [
      ['PUT', `/bff/platform/jobs/${jobId}/favourite`],
      ['DELETE', `/bff/platform/jobs/${jobId}/favourite`],
      ['DELETE', `/bff/platform/jobs/${jobId}`],
    ] as const) {
      expect((await stranger.request(method, url)).status).toBe(404);
    }
    expect(((await stranger.get('/bff/platform/jobs/gallery')).body as GalleryAnswer).pagination.total).toBe(0);
    // Without the CSRF token the gateway refuses before the service is asked.
    const forged = await owner.request('DELETE', `/bff/platform/jobs/${jobId}`, { headers: { 'x-csrf-token': '' } });
    expect(forged.status).toBe(403);

    // Commerce captures the hold from the same COMPLETED event media registered the video from.
    const linesBefore = await eventually(
      () => owner.get(`/bff/platform/api/commerce/jobs/${jobId}/receipt`),
      (res) => res.status === 200 && (res.body as { data: { state: string } }).data.state === 'captured',
    );
    expect((await owner.request('DELETE', `/bff/platform/jobs/${jobId}`)).status).toBe(204);

    expect(((await owner.get('/bff/platform/jobs/gallery')).body as GalleryAnswer).pagination.total).toBe(0);
    await eventually(
      () => owner.get('/bff/platform/api/media/videos'),
      (res) => (res.body as { data: unknown[] }).data.length === 0,
    );
    expect((await owner.get(`/video/${jobId}`)).status).toBe(404);
    expect((await owner.get(`/thumbs/${jobId}`)).status).toBe(404);
    // The money's history stays: the job's receipt (its hold and capture) and its ledger lines.
    const linesAfter = await owner.get(`/bff/platform/api/commerce/jobs/${jobId}/receipt`);
    expect(linesAfter.status).toBe(200);
    expect(linesAfter.body).toEqual(linesBefore.body);
    expect(JSON.stringify((await owner.get('/bff/platform/api/commerce/ledger')).body)).toContain(jobId);
  }, 120_000);
});
