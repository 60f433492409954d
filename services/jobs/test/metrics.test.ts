/**
 * The jobs metrics an SRE reads (issue 18), counted by real jobs through the API and the worker:
 * the instant renderer stands in for `local` and the faulty provider fails or hangs on purpose.
 * Counters are compared before and after each step, so the tests do not depend on one another.
 */
import { randomUUID } from 'node:crypto';
import type { Registry } from 'prom-client';
import request from 'supertest';
import { startJobsWorker, type RunningJobsWorker } from '../src';
import type { JobStatus } from '../src/domain/jobs/job';
import { FAILURE_KINDS } from '../src/domain/jobs/job-metrics';
import type { VideoProvider } from '../src/domain/generation/video-provider';
import { startedChange } from '../src/domain/generation/worker-changes';
import { FaultyVideoProvider } from '../src/integrations/providers/faulty/faulty-provider';
import { InstantVideoProvider } from '../src/integrations/providers/instant/instant-provider';
import { startRig, submitJob, userToken, waitFor, type Rig } from './helpers/test-rig';

const LITE = { prompt: 'metrics', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };
const LITE_LABELS = { model: 'kadr-motion-v1', quality: 'Lite', duration: '5' };
const FAULTY_LABELS = { model: 'faulty-test', quality: 'Lite', duration: '5' };

const providers = () => [new InstantVideoProvider('local', { ffmpegPath: 'ffmpeg' }), new FaultyVideoProvider()];

/**
 * The value of one series of `registry`, summed over the labels not given; `<histogram>_count`
 * reads a histogram's count of observations.
 */
async function valueOf(registry: Registry, name: string, labels: Record<string, string> = {}): Promise<number> {
  const histogram = name.endsWith('_seconds_count') ? name.slice(0, -'_count'.length) : undefined;
  const metric = registry.getSingleMetric(histogram ?? name);
  if (!metric) throw new Error(`${name} is not registered`);
  const { values } = await metric.get();
  return (
    values
      // A histogram's values are its buckets, sum and count, each named.
      .filter((v) => !histogram || (v as { metricName?: string }).metricName === name)
      .filter((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))
      .reduce((sum, v) => sum + v.value, 0)
  );
}

/** Reads the given series now; `deltas()` answers how much each has grown since. */
async function watch(series: Record<string, [Registry, string, Record<string, string>?]>) {
  const read = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(series).map(async ([key, [registry, name, labels]]) => [
          key,
          await valueOf(registry, name, labels),
        ]),
      ),
    ) as Record<string, number>;
  const before = await read();
  return {
    async deltas(): Promise<Record<string, number>> {
      const after = await read();
      return Object.fromEntries(Object.keys(series).map((key) => [key, after[key]! - before[key]!]));
    },
  };
}

async function statusOf(rig: Rig, jobId: string): Promise<JobStatus | undefined> {
  return (await rig.api.adapters.jobs.findById(jobId))?.status;
}

describe('jobs metrics [memory bus, instant renderer]', () => {
  let rig: Rig;
  let api: Registry;
  let worker: Registry;

  beforeAll(async () => {
    rig = await startRig({
      env: { WORKER_CONCURRENCY: '2' },
      start: { providers: providers() },
    });
    api = rig.api.metrics.registry;
    worker = rig.worker!.metrics.registry;
  });
  afterAll(() => rig.close());

  const userWithCredits = () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 100);
    return userId;
  };

  // First in this file: the API has not been scraped yet, so the per-status counts are read now.
  it('a completed job: created, attempt started, queue wait and render observed, finished within the objective, counted per status', async () => {
    const seen = await watch({
      created: [api, 'jobs_created_total', LITE_LABELS],
      started: [worker, 'jobs_attempts_started_total', LITE_LABELS],
      claimed: [worker, 'jobs_claims_total', { outcome: 'claimed' }],
      queueWaits: [worker, 'jobs_queue_wait_seconds_count', LITE_LABELS],
      renders: [worker, 'jobs_render_seconds_count', { ...LITE_LABELS, outcome: 'completed' }],
      finished: [worker, 'jobs_finished_total', { ...LITE_LABELS, status: 'COMPLETED', within_objective: 'true' }],
      late: [worker, 'jobs_finished_total', { within_objective: 'false' }],
    });
    const jobId = await submitJob(rig.api.url, userWithCredits(), LITE);
    await waitFor(async () => (await statusOf(rig, jobId)) === 'COMPLETED', 20_000, 'the job to complete');
    await rig.worker!.runner.idle();

    expect(await seen.deltas()).toEqual({
      created: 1,
      started: 1,
      claimed: 1,
      queueWaits: 1,
      renders: 1,
      finished: 1,
      late: 0,
    });
    const inStatus = await api.getSingleMetric('jobs_in_status')!.get();
    expect(Object.fromEntries(inStatus.values.map((v) => [v.labels.status, v.value]))).toEqual({
      RESERVING: 0,
      PENDING: 0,
      PROCESSING: 0,
      COMPLETED: 1,
      FAILED: 0,
      CANCELLED: 0,
    });
  }, 30_000);

  it('a failed attempt counts its reason; every reason is a series from the start', async () => {
    const seen = await watch({
      failures: [worker, 'jobs_failures_total', { reason: 'aiproxy_error' }],
      allFailures: [worker, 'jobs_failures_total'],
      renders: [worker, 'jobs_render_seconds_count', { ...FAULTY_LABELS, outcome: 'failed' }],
      finished: [worker, 'jobs_finished_total', { ...FAULTY_LABELS, status: 'FAILED', within_objective: 'true' }],
    });
    const jobId = await submitJob(rig.api.url, userWithCredits(), { ...LITE, modelId: 'faulty-test' });
    await waitFor(async () => (await statusOf(rig, jobId)) === 'FAILED', 20_000, 'the job to fail');
    await rig.worker!.runner.idle();

    expect(await seen.deltas()).toEqual({ failures: 1, allFailures: 1, renders: 1, finished: 1 });
    const reasons = (await worker.getSingleMetric('jobs_failures_total')!.get()).values.map((v) => v.labels.reason);
    expect(reasons.sort()).toEqual([...FAILURE_KINDS].sort());
  }, 30_000);

  it("renders in progress against the worker's slots; an administrator's mark-failed finishes the job and abandons its render", async () => {
    expect(await valueOf(worker, 'jobs_worker_render_slots')).toBe(2);
    expect(await valueOf(worker, 'jobs_renders_in_progress')).toBe(0);
    const seen = await watch({
      adminFailed: [api, 'jobs_finished_total', { ...FAULTY_LABELS, status: 'FAILED' }],
      abandoned: [worker, 'jobs_render_seconds_count', { ...FAULTY_LABELS, outcome: 'abandoned' }],
      failures: [worker, 'jobs_failures_total'],
    });
    // Ultra Fast: the faulty provider hangs until the job's time-out (far away), so the render stays in progress.
    const hanging = { ...LITE, modelId: 'faulty-test', speed: 'Ultra Fast' };
    const jobId = await submitJob(rig.api.url, userWithCredits(), hanging);
    await waitFor(async () => (await valueOf(worker, 'jobs_renders_in_progress')) === 1, 20_000, 'the render');
    expect(await statusOf(rig, jobId)).toBe('PROCESSING');

    const failed = await request(rig.api.url)
      .post(`/internal/admin/jobs/${jobId}/mark-failed`)
      .set('authorization', `Bearer ${await userToken('the-admin', ['user', 'admin'])}`)
      .send({ reason: 'stuck' });
    expect(failed.status).toBe(200);
    // The render's next lease renewal finds the job gone and stops it.
    await waitFor(async () => (await valueOf(worker, 'jobs_renders_in_progress')) === 0, 10_000, 'the render to stop');

    // The administrator's failure is no failed attempt: counted finished (by the API), not among the reasons.
    expect(await seen.deltas()).toEqual({ adminFailed: 1, abandoned: 1, failures: 0 });
  }, 30_000);
});

describe('jobs metrics [memory bus, the worker started late]', () => {
  let rig: Rig;
  let worker: RunningJobsWorker | undefined;

  // A PENDING job nobody claims is dispatched again after 300 ms.
  beforeAll(async () => {
    rig = await startRig({ worker: false, env: { JOB_REDISPATCH_AFTER_MS: '300' }, start: { providers: providers() } });
  });
  afterAll(async () => {
    await worker?.stop();
    await rig.close();
  });

  it('the dispatcher re-sends job.created for an unclaimed job; a worker sweeps the expired lease of a dead one', async () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 100);
    const jobId = await submitJob(rig.api.url, userId, LITE);
    await waitFor(
      async () => (await valueOf(rig.api.metrics.registry, 'jobs_redispatched_total')) >= 1,
      10_000,
      'a redispatch',
    );

    // A worker claims the job and dies: its lease (1 s) ran out 4 s ago.
    const job = (await rig.api.adapters.jobs.findById(jobId))!;
    const claimedAt = new Date(Date.now() - 5_000);
    const dead = startedChange(job, 1, claimedAt, 'dead-worker', 1_000);
    expect(await rig.api.adapters.jobs.update(jobId, { status: ['PENDING'], attempt: 0 }, dead)).not.toBeNull();

    // A live worker's sweeper (every half lease) takes the job back, and the worker renders it.
    worker = await startJobsWorker(rig.config, { adapters: rig.api.adapters, providers: providers() });
    await waitFor(async () => (await statusOf(rig, jobId)) === 'COMPLETED', 20_000, 'the job to complete');
    await worker.runner.idle();

    const registry = worker.metrics.registry;
    expect(await valueOf(registry, 'jobs_lease_expiries_total')).toBe(1);
    expect(await valueOf(registry, 'jobs_lease_sweeps_total')).toBeGreaterThanOrEqual(1);
    expect(await valueOf(registry, 'jobs_attempts_started_total', LITE_LABELS)).toBe(1);
    // The queue wait is the wait for the job's first attempt: the dead worker's, not this one.
    expect(await valueOf(registry, 'jobs_queue_wait_seconds_count')).toBe(0);
    expect(await valueOf(registry, 'jobs_finished_total', { ...LITE_LABELS, status: 'COMPLETED' })).toBe(1);
  }, 40_000);
});

describe('jobs metrics [memory bus, a renderer the output check refuses]', () => {
  let rig: Rig;

  /** Renders 5 s more than asked: the worker's output check fails the job (`unknown` on the job). */
  const tooLong: VideoProvider = {
    name: 'local',
    isAvailable: () => Promise.resolve(true),
    generate: (job, context) =>
      new InstantVideoProvider('local', { ffmpegPath: 'ffmpeg' }).generate(
        { ...job, durationSeconds: job.durationSeconds + 5 },
        context,
      ),
  };

  beforeAll(async () => {
    rig = await startRig({ start: { providers: [tooLong] } });
  });
  afterAll(() => rig.close());

  it('a failed output check is its own reason (the job says unknown)', async () => {
    const registry = rig.worker!.metrics.registry;
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 100);
    const jobId = await submitJob(rig.api.url, userId, LITE);
    await waitFor(async () => (await statusOf(rig, jobId)) === 'FAILED', 20_000, 'the job to fail');
    await rig.worker!.runner.idle();

    expect((await rig.api.adapters.jobs.findById(jobId))?.errorCode).toBe('unknown');
    expect(await valueOf(registry, 'jobs_failures_total', { reason: 'output_check' })).toBe(1);
    expect(await valueOf(registry, 'jobs_failures_total', { reason: 'unknown' })).toBe(0);
    // Its event says so too, for the user's receipt ("failed our quality check").
    await rig.api.adapters.relay.runOnce();
    const failed = rig.events.find(
      (e) => e.payload.case === 'jobProgress' && e.payload.value.jobId === jobId && e.payload.value.errorCode !== '',
    );
    expect(failed?.payload.value).toMatchObject({ errorCode: 'unknown', failureKind: 'output_check' });
  }, 30_000);
});
