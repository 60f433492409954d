import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { JobProgressKind, JobResponseSchema, type EventEnvelope, type JobView } from '@kadr/contracts';
import type { FileSystemBlobStore } from '@kadr/blob-store';
import { startRig, userToken, waitFor, type Rig } from './helpers/test-rig';
import { localBlobRoot } from '@kadr/blob-store';

const run = promisify(execFile);

function progressOf(events: EventEnvelope[], jobId: string) {
  return events.flatMap((e) =>
    e.payload.case === 'jobProgress' && e.payload.value.jobId === jobId ? [e.payload.value] : [],
  );
}

describe('jobs pipeline [memory bus]', () => {
  let rig: Rig;

  // Real ffmpeg renders on a shared 2-core machine can take several times their estimate (load 7–9):
  // these tests prove the pipeline, not the time-out, so they get a time-out and a lease no load reaches
  // (a 3 s base stopped the 5 s render at load 7; a 2 s lease could lapse and re-render). The time-out
  // itself is proven below with its own short budget.
  beforeAll(async () => {
    rig = await startRig({
      env: { JOBS_ENABLE_FAULTY_PROVIDER: 'true', JOB_TIMEOUT_BASE_MS: '60000', JOB_LEASE_MS: '10000' },
    });
  });
  afterAll(() => rig.close());

  async function create(userId: string, body: Record<string, unknown>, key = randomUUID()) {
    return request(rig.api.url)
      .post('/jobs')
      .set('authorization', `Bearer ${await userToken(userId)}`)
      .set('idempotency-key', key)
      .send(body);
  }

  async function getJob(userId: string, jobId: string): Promise<JobView | undefined> {
    const answer = await request(rig.api.url)
      .get(`/jobs/${jobId}`)
      .set('authorization', `Bearer ${await userToken(userId)}`);
    return answer.status === 200 ? JobResponseSchema.parse(answer.body).data : undefined;
  }

  it('renders a 5 s Standard job: PENDING → PROCESSING with rising progress → COMPLETED, h264 1280×720 5 s, charged exactly once', async () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 100);
    const created = await create(userId, {
      prompt: '  A lighthouse on a stormy coast at dusk  ',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Standard',
      speed: 'Normal',
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'PENDING', progress: 0, cost: 5 });
    const jobId = created.body.id as string;

    const done = await waitFor(
      async () => {
        const job = await getJob(userId, jobId);
        return job?.status === 'COMPLETED' ? job : undefined;
      },
      90_000,
      'the job to complete',
    );
    expect(done.prompt).toBe('A lighthouse on a stormy coast at dusk');
    const output = done.output!;
    expect(done.output).toMatchObject({
      videoKey: `users/${userId}/jobs/${jobId}/video.mp4`,
      thumbnailKey: `users/${userId}/jobs/${jobId}/thumbnail.jpg`,
      contentType: 'video/mp4',
      width: 1280,
      height: 720,
    });

    const steps = await waitFor(() => {
      const found = progressOf(rig.events, jobId);
      return found.some((p) => p.kind === JobProgressKind.COMPLETED) ? found : undefined;
    });
    const kinds = steps.map((s) => s.kind);
    expect(kinds[0]).toBe(JobProgressKind.QUEUED);
    expect(kinds[1]).toBe(JobProgressKind.STARTED);
    expect(kinds.filter((k) => k === JobProgressKind.COMPLETED)).toHaveLength(1);
    const rising = steps.filter((s) => s.kind === JobProgressKind.PROGRESS).map((s) => s.progress);
    expect(rising.length).toBeGreaterThan(0);
    expect([...rising].sort((a, b) => a - b)).toEqual(rising);
    const completed = steps.find((s) => s.kind === JobProgressKind.COMPLETED)!;
    expect(completed.output?.videoKey).toBe(output.videoKey);

    // The stored file itself, with ffprobe.
    const blobs = rig.api.adapters.blobStore as FileSystemBlobStore;
    const { body, info } = await blobs.get(output.videoKey);
    body.destroy();
    expect(info.contentType).toBe('video/mp4');
    const file = `${localBlobRoot(rig.dataDir)}/objects/users/${userId}/jobs/${jobId}/video.mp4.blob`;
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,width,height,pix_fmt:format=duration',
      '-of',
      'json',
      file,
    ]);
    const probe = JSON.parse(stdout) as {
      streams: { codec_name: string; width: number; height: number; pix_fmt: string }[];
      format: { duration: string };
    };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p' });
    expect(Math.abs(Number(probe.format.duration) - 5)).toBeLessThanOrEqual(0.2);
    const thumb = await blobs.head(output.thumbnailKey);
    expect(thumb?.contentType).toBe('image/jpeg');

    await waitFor(() => rig.commerce.account(userId).held === 0, 5_000, 'the capture');
    expect(rig.commerce.account(userId).balance).toBe(95);
    expect(rig.commerce.account(userId).holds.get(jobId)?.state).toBe('captured');
  }, 120_000);

  it('fails a job whose provider fails (aiproxy_error) and commerce releases the hold', async () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 20);
    const created = await create(userId, {
      prompt: 'anything',
      modelId: 'faulty-test',
      duration: 5,
      quality: 'Lite',
      speed: 'Normal',
    });
    expect(created.status).toBe(202);
    const jobId = created.body.id as string;
    const failed = await waitFor(async () => {
      const job = await getJob(userId, jobId);
      return job?.status === 'FAILED' ? job : undefined;
    });
    expect(failed.errorCode).toBe('aiproxy_error');
    await waitFor(() => rig.commerce.account(userId).holds.get(jobId)?.state === 'released', 5_000, 'the release');
    expect(rig.commerce.account(userId)).toMatchObject({ balance: 20, held: 0 });
  });

  it('a duplicate job.created for a finished job renders nothing and completes once', async () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 20);
    const created = await create(userId, {
      prompt: 'duplicate delivery',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
    });
    const jobId = created.body.id as string;
    // Two deliveries at once (another member of the group) and one after the end.
    const createdEvent = await waitFor(() =>
      rig.events.find((e) => e.payload.case === 'jobCreated' && e.payload.value.jobId === jobId),
    );
    const runner = rig.worker!.runner;
    const outcomes = await Promise.all([runner.onJobCreated(jobId), runner.onJobCreated(jobId)]);
    expect(outcomes.filter((o) => o === 'claimed').length).toBeLessThanOrEqual(1);
    await waitFor(async () => (await getJob(userId, jobId))?.status === 'COMPLETED', 60_000);
    await runner.idle();
    expect(await runner.onJobCreated(jobId)).toBe('ignored');
    // The same encoded event published again (a relay retry) is ignored as well.
    expect(createdEvent.eventId).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const steps = progressOf(rig.events, jobId);
    expect(steps.filter((s) => s.kind === JobProgressKind.STARTED)).toHaveLength(1);
    expect(steps.filter((s) => s.kind === JobProgressKind.COMPLETED)).toHaveLength(1);
    await waitFor(() => rig.commerce.account(userId).held === 0);
    expect(rig.commerce.captures).toBeGreaterThanOrEqual(1);
    expect(rig.commerce.account(userId).balance).toBe(20 - created.body.cost);
  }, 60_000);

  it('100 concurrent creates with the same Idempotency-Key make one job and one hold', async () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 1_000);
    const key = randomUUID();
    const body = { prompt: 'one job only', modelId: 'faulty-test', duration: 5, quality: 'Lite', speed: 'Normal' };
    const answers = await Promise.all(Array.from({ length: 100 }, () => create(userId, body, key)));
    const ids = new Set(answers.map((a) => a.body.id as string));
    expect(answers.filter((a) => a.status !== 202).map((a) => [a.status, a.body as unknown])).toEqual([]);
    expect(ids.size).toBe(1);
    expect(rig.commerce.account(userId).holds.size).toBe(1);
    const recent = await request(rig.api.url)
      .get('/jobs/recent')
      .set('authorization', `Bearer ${await userToken(userId)}`);
    expect(recent.body.items).toHaveLength(1);
  }, 30_000);

  it('requeues a FAILED job with a new hold (generation 2): it completes and is charged exactly once', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 20);
    const admin = `Bearer ${await userToken('the-admin', ['user', 'admin'])}`;
    const created = await create(userId, {
      prompt: 'second time lucky',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
    });
    const jobId = created.body.id as string;
    const cost = created.body.cost as number;
    // The administrator fails it (PENDING or already PROCESSING); commerce releases generation 1.
    const failed = await request(rig.api.url)
      .post(`/internal/admin/jobs/${jobId}/mark-failed`)
      .set('authorization', admin);
    expect(failed.body.data).toMatchObject({ status: 'FAILED' });
    await waitFor(() => account.holds.get(jobId)?.state === 'released', 5_000, 'the release');
    await rig.worker!.runner.idle();
    expect((await getJob(userId, jobId))?.status).toBe('FAILED');

    // Not enough credits for the new hold: 402, the job stays FAILED and nothing is held.
    const balance = account.balance;
    account.balance = 0;
    const refused = await request(rig.api.url)
      .post(`/internal/admin/jobs/${jobId}/requeue`)
      .set('authorization', admin);
    expect(refused.status).toBe(402);
    expect((await getJob(userId, jobId))?.status).toBe('FAILED');
    expect(account.held).toBe(0);
    account.balance = balance;

    const requeued = await request(rig.api.url)
      .post(`/internal/admin/jobs/${jobId}/requeue`)
      .set('authorization', admin);
    expect(requeued.status).toBe(200);
    expect(requeued.body.data).toMatchObject({ status: 'PENDING' });
    await waitFor(async () => (await getJob(userId, jobId))?.status === 'COMPLETED', 60_000, 'the requeued job');
    await waitFor(() => account.held === 0, 5_000, 'the capture');
    expect(account.balance).toBe(20 - cost);
    expect(rig.commerce.holdsOf(account, jobId).map(([holdId, h]) => `${holdId}:${h.state}`)).toEqual([
      `${jobId}:released`,
      `${jobId}#2:captured`,
    ]);
    expect((await rig.api.adapters.jobs.findById(jobId))?.holdGeneration).toBe(2);
  }, 90_000);
});

describe('jobs pipeline [memory bus] time-out', () => {
  let rig: Rig;

  // A short time-out base: the hanging provider never answers, so only the worker's time-out ends it.
  beforeAll(async () => {
    rig = await startRig({ env: { JOBS_ENABLE_FAULTY_PROVIDER: 'true', JOB_TIMEOUT_BASE_MS: '3000' } });
  });
  afterAll(() => rig.close());

  it('times out a hanging provider with reason timeout', async () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 20);
    const created = await request(rig.api.url)
      .post('/jobs')
      .set('authorization', `Bearer ${await userToken(userId)}`)
      .set('idempotency-key', randomUUID())
      .send({
        prompt: 'hang',
        modelId: 'faulty-test',
        duration: 5,
        quality: 'Lite',
        speed: 'Ultra Fast',
      });
    expect(created.status).toBe(202);
    const jobId = created.body.id as string;
    const failed = await waitFor(async () => {
      const job = await rig.api.adapters.jobs.findById(jobId);
      return job?.status === 'FAILED' ? job : undefined;
    }, 30_000);
    expect(failed.errorCode).toBe('timeout');
  }, 40_000);
});
