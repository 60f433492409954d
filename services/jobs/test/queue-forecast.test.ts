/**
 * The queue position a user is shown is the order the worker really claims jobs in (issue 20): jobs of
 * three users behind a render in progress, one render slot; the positions read from `/jobs/active`
 * before any of them starts are exactly the order the renders then start in. Estimates exist only once
 * a render of the same shape has finished (no history, no number).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { JobListResponse, JobView } from '@kadr/contracts';
import { startGatedRig, type GatedProvider, type GatedRig } from './helpers/gated-provider';
import { submitJob, userToken, waitFor, type Rig } from './helpers/test-rig';

const LITE = { prompt: 'in line', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };

describe('queue positions and estimates [memory bus, gated renders, one render slot]', () => {
  let gated: GatedRig;
  let rig: Rig;
  let provider: GatedProvider;

  beforeAll(async () => {
    gated = await startGatedRig();
    ({ rig, provider } = gated);
  }, 60_000);
  afterAll(() => gated.close());

  const active = async (userId: string): Promise<JobView[]> => {
    const answer = await request(rig.api.url)
      .get('/jobs/active')
      .set('authorization', `Bearer ${await userToken(userId)}`);
    return (answer.body as JobListResponse).items;
  };

  it('the positions shown are the order the renders start in; estimates appear once there is history', async () => {
    const [zed, ann, bob, cat] = ['zed', 'ann', 'bob', 'cat'].map((name) => `${name}-${randomUUID()}`) as [
      string,
      string,
      string,
      string,
    ];
    for (const user of [zed, ann, bob, cat]) rig.commerce.give(user, 100);
    const blocker = await submitJob(rig.api.url, zed, LITE);
    await waitFor(() => provider.started.includes(blocker), 10_000, 'the blocker to start');
    const waiting: string[] = [];
    for (const user of [ann, ann, ann, bob, cat, cat]) waiting.push(await submitJob(rig.api.url, user, LITE));

    // Positions as each user sees them; no render of this shape has finished yet: no estimates.
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the forecast's 1 s reuse
    const seen = (await Promise.all([ann, bob, cat].map(active))).flat();
    const blockerView = (await active(zed))[0]!;
    expect(blockerView.queue).toEqual({ position: null, estimatedStartAt: null, estimatedFinishAt: null });
    const promised = seen
      .filter((job) => job.status === 'PENDING')
      .sort((a, b) => a.queue!.position! - b.queue!.position!);
    expect(promised.map((job) => job.queue!.position)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const job of promised) expect(job.queue).toMatchObject({ estimatedStartAt: null, estimatedFinishAt: null });

    // The blocker finishes: now there is history, and the waiting jobs get estimates in claim order.
    provider.open(1);
    await waitFor(() => provider.started.length >= provider.started.indexOf(blocker) + 2, 10_000, 'the next start');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const withHistory = (await Promise.all([ann, bob, cat].map(active))).flat().filter((j) => j.status === 'PENDING');
    expect(withHistory.length).toBe(5);
    const starts = withHistory
      .sort((a, b) => a.queue!.position! - b.queue!.position!)
      .map((job) => Date.parse(job.queue!.estimatedStartAt!));
    expect(starts.every(Number.isFinite)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);

    // Each render let go in turn: the renders start in the promised order.
    provider.openAll();
    await waitFor(() => waiting.every((id) => provider.started.includes(id)), 30_000, 'every render to start');
    const started = provider.started.filter((id) => waiting.includes(id));
    expect(started).toEqual(promised.map((job) => job.id));
  }, 90_000);
});
