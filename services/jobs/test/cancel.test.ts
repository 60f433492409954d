/**
 * A user cancels their own job (issue 20): PENDING at once, PROCESSING at the worker's next write
 * (its render stops, the partial output is deleted), the hold released exactly once by the
 * `cancelled` event. Idempotent; a job that completed first stays completed (409); someone else's
 * job is a 404. Cancel racing completion: whichever change is recorded first wins, and the money
 * follows that one outcome.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { JobProgressKind, type JobListResponse, type JobResponse } from '@kadr/contracts';
import { thumbnailKeyOf, videoKeyOf } from '../src/domain/generation/output-upload';
import { startGatedRig, type GatedProvider, type GatedRig } from './helpers/gated-provider';
import { submitJob, userToken, waitFor, type Rig } from './helpers/test-rig';

const LITE = { prompt: 'cancel me', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };

describe('cancelling a job [memory bus, gated renders, one render slot]', () => {
  let gated: GatedRig;
  let rig: Rig;
  let provider: GatedProvider;

  beforeAll(async () => {
    // A short lease: its heartbeat (every third of it) is a running render's next write.
    gated = await startGatedRig({ JOB_LEASE_MS: '900' });
    ({ rig, provider } = gated);
  }, 60_000);
  afterAll(() => gated.close());
  afterEach(() => provider.close());

  const cancel = async (jobId: string, userId: string) =>
    request(rig.api.url)
      .post(`/jobs/${jobId}/cancel`)
      .set('authorization', `Bearer ${await userToken(userId)}`);
  const read = async (jobId: string, userId: string) =>
    request(rig.api.url)
      .get(`/jobs/${jobId}`)
      .set('authorization', `Bearer ${await userToken(userId)}`);
  const cancelledEvents = (jobId: string) =>
    rig.events.filter(
      (e) =>
        e.payload.case === 'jobProgress' &&
        e.payload.value.jobId === jobId &&
        e.payload.value.kind === JobProgressKind.CANCELLED,
    );
  const holdOf = (userId: string, jobId: string) => {
    const holds = rig.commerce.holdsOf(rig.commerce.give(userId, 0), jobId);
    return holds.map(([, h]) => h.state);
  };
  const flush = () => rig.api.adapters.relay.runOnce();

  it('a PENDING job: CANCELLED at once, released once, out of the active list; again → the same answer', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 100);
    // A render in progress keeps the only slot, so the second job stays PENDING.
    const busy = await submitJob(rig.api.url, userId, LITE);
    await provider.startedCount(provider.started.length + 1);
    const jobId = await submitJob(rig.api.url, userId, LITE);
    const heldBefore = account.held;

    const answer = await cancel(jobId, userId);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: jobId, status: 'CANCELLED', errorCode: 'cancelled' });
    await flush();
    await waitFor(() => account.held === heldBefore - 3, 5_000, 'the hold released');
    expect(holdOf(userId, jobId)).toEqual(['released']);
    expect(cancelledEvents(jobId)).toHaveLength(1);

    const again = await cancel(jobId, userId);
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('CANCELLED');
    await flush();
    expect(cancelledEvents(jobId)).toHaveLength(1);
    expect(account.balance).toBe(100);

    const active = await request(rig.api.url)
      .get('/jobs/active')
      .set('authorization', `Bearer ${await userToken(userId)}`);
    expect((active.body as JobListResponse).items.map((j) => j.id)).toEqual([busy]);
    // Never claimed afterwards: the worker takes the next PENDING job, not this one.
    provider.open(1);
    await waitFor(async () => (await read(busy, userId)).body.data?.status === 'COMPLETED', 10_000, 'busy done');
    expect(provider.started).not.toContain(jobId);
    const cancelled = ((await read(jobId, userId)).body as JobResponse).data;
    expect(cancelled.status).toBe('CANCELLED');
    // Its page's status history: created, waited, cancelled — never started.
    expect(cancelled.timeline?.map((step) => step.kind)).toEqual(['created', 'queued', 'cancelled']);

    // The administrator can neither requeue nor fail what its owner cancelled (a second release).
    const admin = `Bearer ${await userToken('the-admin', ['user', 'admin'])}`;
    const requeue = await request(rig.api.url)
      .post(`/internal/admin/jobs/${jobId}/requeue`)
      .set('authorization', admin);
    expect(requeue.status).toBe(409);
    const markFailed = await request(rig.api.url)
      .post(`/internal/admin/jobs/${jobId}/mark-failed`)
      .set('authorization', admin)
      .send({ reason: 'stuck' });
    expect(markFailed.status).toBe(409);
    expect((await read(jobId, userId)).body.data.status).toBe('CANCELLED');
  });

  it('a PROCESSING job: the render stops at its next write, nothing is stored, the hold is released once', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 100);
    const jobId = await submitJob(rig.api.url, userId, LITE);
    await waitFor(() => provider.started.includes(jobId), 10_000, 'the render to start');

    const answer = await cancel(jobId, userId);
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('CANCELLED');
    // The worker's lease heartbeat (every 300 ms) finds the job taken away and aborts the render.
    await rig.worker!.runner.idle();
    await flush();
    await waitFor(() => account.held === 0, 5_000, 'the hold released');
    expect(account.balance).toBe(100);
    expect(holdOf(userId, jobId)).toEqual(['released']);
    expect(await rig.api.adapters.blobStore.head(videoKeyOf({ userId, id: jobId }))).toBeNull();
    expect((await read(jobId, userId)).body.data).toMatchObject({ status: 'CANCELLED', output: null });
  });

  it('a completed job cannot be cancelled: 409 saying why, and the credits stay charged', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 100);
    provider.openAll();
    const jobId = await submitJob(rig.api.url, userId, LITE);
    await waitFor(async () => (await read(jobId, userId)).body.data?.status === 'COMPLETED', 10_000, 'completion');
    const { timeline = [], completedAt } = ((await read(jobId, userId)).body as JobResponse).data;
    expect(timeline.map((step) => [step.kind, step.attempt])).toEqual([
      ['created', 0],
      ['queued', 0],
      ['started', 1],
      ['completed', 1],
    ]);
    expect(timeline.at(-1)?.at).toBe(completedAt);
    const answer = await cancel(jobId, userId);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      type: '/problems/conflict',
      detail: 'This video has already finished, so it can no longer be cancelled.',
    });
    await flush();
    await waitFor(() => account.balance === 97, 5_000, 'the capture');
    expect(holdOf(userId, jobId)).toEqual(['captured']);
  });

  it("someone else's job is a 404 and stays as it is", async () => {
    const owner = `u-${randomUUID()}`;
    rig.commerce.give(owner, 100);
    const jobId = await submitJob(rig.api.url, owner, LITE);
    const answer = await cancel(jobId, `u-${randomUUID()}`);
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe('/problems/not_found');
    expect((await read(jobId, owner)).body.data.status).not.toBe('CANCELLED');
    await cancel(jobId, owner);
  });

  it('cancel racing completion: one outcome per job, and the money and the files follow it', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 1000);
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const jobId = await submitJob(rig.api.url, userId, LITE);
      await waitFor(() => provider.started.includes(jobId), 10_000, 'the render to start');
      // The render is let go, and the cancel comes 0–1650 ms later: before, during and after its
      // output check, upload and completion write.
      provider.open(1);
      await new Promise((resolve) => setTimeout(resolve, i * 150));
      const cancelAnswer = await cancel(jobId, userId);
      const final = await waitFor(async () => {
        const job = (await read(jobId, userId)).body.data as { status: string };
        return job.status === 'COMPLETED' || job.status === 'CANCELLED' ? job : undefined;
      });
      await rig.worker!.runner.idle();
      await flush();
      const settled = await waitFor(() => {
        const states = holdOf(userId, jobId);
        return states.length === 1 && states[0] !== 'held' ? states : undefined;
      });
      if (final.status === 'CANCELLED') {
        expect(cancelAnswer.status).toBe(200);
        expect(settled).toEqual(['released']);
        expect(await rig.api.adapters.blobStore.head(videoKeyOf({ userId, id: jobId }))).toBeNull();
        expect(await rig.api.adapters.blobStore.head(thumbnailKeyOf({ userId, id: jobId }))).toBeNull();
      } else {
        expect(cancelAnswer.status).toBe(409);
        expect(settled).toEqual(['captured']);
        expect(await rig.api.adapters.blobStore.head(videoKeyOf({ userId, id: jobId }))).not.toBeNull();
      }
      outcomes.push(final.status);
    }
    const completed = outcomes.filter((s) => s === 'COMPLETED').length;
    expect(account.held).toBe(0);
    expect(account.balance).toBe(1000 - 3 * completed);
  }, 120_000);
});
