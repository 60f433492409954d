/**
 * No stranded job (issue 13, finding 3): jobs queued behind a busy worker when the process stops
 * lose their `job.created` with the memory bus; after the restart the dispatcher publishes it
 * again, so every job completes and its hold is captured once. A dead-lettered `job.created` is
 * covered the same way (the dispatcher reads the store, not the bus). The worker claims nothing
 * once it stops claiming, and a stopped worker hands its running job straight back.
 *
 * Nor a job waiting while a worker idles (found by the compose journey, issue 15): `job.created`
 * goes to one partition by job id, so its wake-up can land on a busy worker while another has
 * nothing to do. A worker with a free slot looks at the queue every JOB_IDLE_CLAIM_MS by itself.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeEvent } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import { startJobs, startJobsWorker, type RunningJobsApi, type RunningJobsWorker } from '../src';
import { FakeCommerce } from './helpers/fake-commerce';
import { GatedProvider } from './helpers/gated-provider';
import { SECRET, submitJob, testConfig, waitFor } from './helpers/test-rig';

const LITE = { prompt: 'stranded?', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };

describe('no stranded job [memory bus, restarts]', () => {
  let dataDir: string;
  let sampleDir: string;
  let provider: GatedProvider;
  let commerce: FakeCommerce;
  const running: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    sampleDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-gated-'));
    provider = await GatedProvider.create(sampleDir);
  }, 60_000);
  afterAll(() => rm(sampleDir, { recursive: true, force: true }));
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-jobs-stranded-'));
    commerce = await new FakeCommerce(SECRET).start();
    provider.close();
  });
  afterEach(async () => {
    provider.openAll();
    for (const part of running.splice(0).reverse()) await part.stop().catch(() => undefined);
    await commerce.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** One process: a fresh memory bus, the API and (optionally) a worker on the same data folder. */
  async function startProcess(env: Record<string, string> = {}, withWorker = true) {
    const bus = new MemoryEventBus();
    await commerce.consume(bus);
    const config = testConfig({
      DATA_DIR: dataDir,
      COMMERCE_URL: commerce.url,
      WORKER_CONCURRENCY: '1',
      ACTIVE_JOBS_CAP_FREE: '20',
      ...env,
    });
    const api = await startJobs(config, { adapters: { eventBus: bus }, defaultMetrics: false, providers: [provider] });
    const worker = withWorker
      ? await startJobsWorker(config, { adapters: api.adapters, providers: [provider] })
      : undefined;
    const process = {
      bus,
      api,
      worker,
      async stop() {
        await worker?.stop();
        await api.stop();
        await bus.close();
      },
    };
    running.push(process);
    return process;
  }

  const create = (api: RunningJobsApi, userId: string) => submitJob(api.url, userId, LITE);

  /** A worker whose own bus never carries the API's `job.created`: the wake-ups went to another worker. */
  async function startDeafWorker(api: RunningJobsApi, idleClaimMs: string): Promise<void> {
    const deafBus = new MemoryEventBus();
    const config = testConfig({
      DATA_DIR: dataDir,
      COMMERCE_URL: commerce.url,
      WORKER_CONCURRENCY: '1',
      JOB_IDLE_CLAIM_MS: idleClaimMs,
    });
    const worker = await startJobsWorker(config, {
      adapters: { ...api.adapters, eventBus: deafBus },
      providers: [provider],
    });
    running.push({
      async stop() {
        await worker.stop();
        await deafBus.close();
      },
    });
  }

  it('six parallel jobs, stopped during the first render, restarted: all complete, each hold captured once', async () => {
    const userId = `u-${randomUUID()}`;
    commerce.give(userId, 100);
    const first = await startProcess();
    const startedBefore = provider.started.length;
    const ids = await Promise.all(Array.from({ length: 6 }, () => create(first.api, userId)));
    await provider.startedCount(startedBefore + 1);
    await first.api.adapters.relay.runOnce();
    // The stop (SIGTERM): five job.created still wait for the busy worker in the memory bus.
    running.splice(running.indexOf(first), 1);
    const cost = (await first.api.adapters.jobs.findById(ids[0]!))!.cost;
    await first.stop();
    expect(commerce.account(userId).held).toBe(6 * cost);

    provider.openAll();
    const second = await startProcess();
    await waitFor(
      async () => (await second.api.adapters.jobs.countForUser(userId, ['COMPLETED'])) === 6,
      60_000,
      'every job to complete after the restart',
    );
    await waitFor(() => commerce.account(userId).held === 0, 10_000, 'every hold captured');
    const account = commerce.account(userId);
    expect(account.balance).toBe(100 - 6 * cost);
    expect(ids.map((id) => account.holds.get(id)?.state)).toEqual(Array(6).fill('captured'));
  }, 120_000);

  it('a dead-lettered job.created is published again by the dispatcher and the job completes', async () => {
    const userId = `u-${randomUUID()}`;
    commerce.give(userId, 20);
    // No worker yet, and a group member that fails every delivery: job.created ends in job.created.dlq.
    const proc = await startProcess({ JOB_REDISPATCH_AFTER_MS: '300' }, false);
    const deadLetters: string[] = [];
    await proc.bus.subscribe({
      group: 'dlq-reader',
      topics: ['job.created.dlq'],
      handler: (message) => {
        const event = decodeEvent(message.value);
        if (event.payload.case === 'jobCreated') deadLetters.push(event.payload.value.jobId);
        return Promise.resolve();
      },
    });
    const failing = await proc.bus.subscribe({
      group: 'jobs-worker',
      topics: ['job.created'],
      maxAttempts: 1,
      handler: () => Promise.reject(new Error('the worker could not take it')),
    });
    const jobId = await create(proc.api, userId);
    await waitFor(() => deadLetters.includes(jobId), 10_000, 'the dead letter');
    await failing.stop();
    expect((await proc.api.adapters.jobs.findById(jobId))?.status).toBe('PENDING');

    // A working worker joins; only the dispatcher's new job.created can wake it for this job.
    provider.openAll();
    const worker: RunningJobsWorker = await startJobsWorker(testConfig({ DATA_DIR: dataDir }), {
      adapters: proc.api.adapters,
      providers: [provider],
    });
    running.push(worker);
    await waitFor(async () => (await proc.api.adapters.jobs.findById(jobId))?.status === 'COMPLETED', 30_000);
    await waitFor(() => commerce.account(userId).held === 0, 10_000, 'the capture');
    expect(commerce.account(userId).holds.get(jobId)?.state).toBe('captured');
  }, 60_000);

  it('stopClaiming: nothing is claimed afterwards; stop hands the running job back to PENDING with its attempt', async () => {
    const userId = `u-${randomUUID()}`;
    commerce.give(userId, 20);
    const proc = await startProcess();
    const startedAtFirst = provider.started.length;
    const [a, b] = [await create(proc.api, userId), await create(proc.api, userId)];
    await provider.startedCount(startedAtFirst + 1);
    const runner = proc.worker!.runner;
    const rendering = provider.started.at(-1)!;
    const queued = rendering === a ? b : a;

    proc.worker!.stopClaiming();
    await expect(runner.onJobCreated(queued)).rejects.toThrow('stopping');
    expect(await runner.claimNext()).toBeNull();
    const startedBefore = provider.started.length;

    // SIGTERM's later steps: the render is aborted and the job handed back at once (no lease wait).
    running.splice(running.indexOf(proc), 1);
    await proc.worker!.stop();
    const handedBack = await proc.api.adapters.jobs.findById(rendering);
    expect(handedBack).toMatchObject({ status: 'PENDING', attempt: 0, leaseOwner: null });
    expect(await proc.api.adapters.jobs.findById(queued)).toMatchObject({ status: 'PENDING', errorCode: null });
    expect(provider.started.length).toBe(startedBefore);
    await proc.api.stop();
    await proc.bus.close();
  }, 60_000);

  it('an idle worker claims a job whose wake-up went elsewhere within JOB_IDLE_CLAIM_MS; the hold is captured once', async () => {
    const userId = `u-${randomUUID()}`;
    commerce.give(userId, 20);
    provider.openAll();
    // The dispatcher republishes on the API's bus, which the worker does not hear either.
    const proc = await startProcess({ JOB_REDISPATCH_AFTER_MS: '600000' }, false);
    await startDeafWorker(proc.api, '200');
    const jobId = await create(proc.api, userId);
    await waitFor(
      async () => (await proc.api.adapters.jobs.findById(jobId))?.status === 'COMPLETED',
      30_000,
      'the idle worker to complete the job',
    );
    await waitFor(() => commerce.account(userId).held === 0, 10_000, 'the capture');
    expect(commerce.account(userId).holds.get(jobId)?.state).toBe('captured');
  }, 60_000);

  it('without the idle poll (JOB_IDLE_CLAIM_MS=0) that job waits for a wake-up that never comes', async () => {
    const userId = `u-${randomUUID()}`;
    commerce.give(userId, 20);
    provider.openAll();
    const proc = await startProcess({ JOB_REDISPATCH_AFTER_MS: '600000' }, false);
    await startDeafWorker(proc.api, '0');
    const jobId = await create(proc.api, userId);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await proc.api.adapters.jobs.findById(jobId))?.status).toBe('PENDING');
  }, 30_000);
});
