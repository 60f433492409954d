/**
 * Crashes, for real: a child process is killed between the saga's steps and in the middle of a
 * render; this process then opens the same data folder and recovers.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { JobProgressKind, type EventEnvelope } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import { MemoryJobRepository } from '../src/data-access/jobs/memory-job.repository';
import { createdStep } from '../src/domain/jobs/job-events';
import { startJobs, startJobsWorker } from '../src';
import { FakeCommerce } from './helpers/fake-commerce';
import { spawnChild } from './helpers/spawn-child';
import { SECRET, recordEvents, testConfig, userToken, waitFor } from './helpers/test-rig';

describe('crash recovery', () => {
  let dataDir: string;
  let commerce: FakeCommerce;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-jobs-crash-'));
    commerce = await new FakeCommerce(SECRET).start();
  });
  afterEach(async () => {
    await commerce.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('saga: a process killed between the hold and PENDING → the reconciler finishes it, job.created published once', async () => {
    const userId = `u-${randomUUID()}`;
    commerce.give(userId, 50);
    const child = spawnChild({
      CHILD_ROLE: 'api-crash-after-hold',
      CHILD_DATA_DIR: dataDir,
      CHILD_COMMERCE_URL: commerce.url,
    });
    const url = (await child.waitForLine(/^URL /)).slice(4);
    const attempt = request(url)
      .post('/jobs')
      .set('authorization', `Bearer ${await userToken(userId)}`)
      .set('idempotency-key', randomUUID())
      .send({ prompt: 'crash me', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Ultra Fast' });
    await expect(attempt).rejects.toThrow();
    expect(await child.exited).toBe(137);
    expect(commerce.account(userId).held).toBe(4);

    // A new process on the same store: its reconciler finds the RESERVING saga.
    const bus = new MemoryEventBus();
    const events = await recordEvents(bus, ['job.created', 'job.progress']);
    const config = testConfig({ DATA_DIR: dataDir, COMMERCE_URL: commerce.url, SAGA_STALE_MS: '1' });
    const api = await startJobs(config, { adapters: { eventBus: bus }, defaultMetrics: false });
    try {
      const outcomes = await api.composed.reconciler.runOnce(new Date(Date.now() + 10));
      expect([...outcomes.values()]).toEqual(['completed']);
      const [jobId] = [...outcomes.keys()];
      expect((await api.adapters.jobs.findById(jobId!))?.status).toBe('PENDING');
      await waitFor(() => events.some((e) => e.payload.case === 'jobCreated'));
      expect(await api.composed.reconciler.runOnce(new Date(Date.now() + 10))).toEqual(new Map());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events.filter((e) => e.payload.case === 'jobCreated')).toHaveLength(1);
      expect(commerce.account(userId).holds.size).toBe(1);
    } finally {
      await api.stop();
      await bus.close();
    }
  }, 60_000);

  it('saga: a RESERVING job with no hold is undone (removed, nothing held, nothing published)', async () => {
    const bus = new MemoryEventBus();
    const events = await recordEvents(bus, ['job.created', 'job.progress']);
    const config = testConfig({ DATA_DIR: dataDir, COMMERCE_URL: commerce.url, SAGA_STALE_MS: '1' });
    const api = await startJobs(config, {
      adapters: { eventBus: bus },
      defaultMetrics: false,
      // The crash before the hold: the request dies right after the RESERVING write.
      sagaHooks: { afterReserving: () => Promise.reject(new Error('crash')) },
    });
    try {
      commerce.give('pre-hold', 50);
      const answer = await request(api.url)
        .post('/jobs')
        .set('authorization', `Bearer ${await userToken('pre-hold')}`)
        .set('idempotency-key', randomUUID())
        .send({ prompt: 'never held', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' });
      expect(answer.status).toBe(500);
      const outcomes = await api.composed.reconciler.runOnce(new Date(Date.now() + 10));
      expect([...outcomes.values()]).toEqual(['undone']);
      expect(commerce.account('pre-hold')).toMatchObject({ held: 0, balance: 50 });
      expect(events).toEqual([]);
    } finally {
      await api.stop();
      await bus.close();
    }
  }, 30_000);

  it('worker killed mid-render → the job is taken over after its lease and completes once, captured once', async () => {
    const userId = `u-${randomUUID()}`;
    commerce.give(userId, 50);
    // Create the job in this process, then hand the store over to the worker child (whose lease is 1 s, so
    // the take-over comes soon after the kill). The worker that takes over holds a longer lease: a 1 s lease
    // renewed every 333 ms can lapse on a loaded machine and re-render the job until its attempts run out.
    const config = testConfig({ DATA_DIR: dataDir, COMMERCE_URL: commerce.url, JOB_LEASE_MS: '6000' });
    let bus = new MemoryEventBus();
    let api = await startJobs(config, { adapters: { eventBus: bus }, defaultMetrics: false });
    const created = await request(api.url)
      .post('/jobs')
      .set('authorization', `Bearer ${await userToken(userId)}`)
      .set('idempotency-key', randomUUID())
      .send({
        prompt: 'survive a crash',
        modelId: 'kadr-motion-v1',
        duration: 10,
        quality: 'Standard',
        speed: 'Normal',
      });
    expect(created.status).toBe(202);
    const jobId = created.body.id as string;
    await api.stop();
    await bus.close();
    // This process's bus had no worker: put job.created back in the outbox, as if it had not
    // been delivered yet, for the worker child's relay to publish on its bus.
    const store = await MemoryJobRepository.create({ dataDir: path.join(dataDir, 'jobs') });
    const pending = (await store.findById(jobId))!;
    const step = createdStep(pending, new Date(), 'test');
    await store.update(jobId, { status: ['PENDING'] }, { set: {}, outbox: step.entries });
    await store.close();

    const child = spawnChild({ CHILD_ROLE: 'worker', CHILD_DATA_DIR: dataDir, CHILD_COMMERCE_URL: commerce.url });
    await child.waitForLine(new RegExp(`^PROGRESS ${jobId} ${JobProgressKind.PROGRESS} [1-9]0`), 90_000);
    await child.kill();

    bus = new MemoryEventBus();
    const events: EventEnvelope[] = await recordEvents(bus, ['job.created', 'job.progress']);
    await commerce.consume(bus);
    api = await startJobs(config, { adapters: { eventBus: bus }, defaultMetrics: false });
    const worker = await startJobsWorker(config, {
      adapters: { eventBus: bus, jobs: api.adapters.jobs, settings: api.adapters.settings, relay: api.adapters.relay },
    });
    try {
      const done = await waitFor(async () => {
        const job = await api.adapters.jobs.findById(jobId);
        return job?.status === 'COMPLETED' ? job : undefined;
      }, 120_000);
      expect(done.attempt).toBe(2);
      await waitFor(() => commerce.account(userId).holds.get(jobId)?.state === 'captured', 10_000);
      const completed = events.filter(
        (e) => e.payload.case === 'jobProgress' && e.payload.value.kind === JobProgressKind.COMPLETED,
      );
      expect(completed).toHaveLength(1);
      expect(commerce.captures).toBe(1);
      expect(commerce.account(userId).balance).toBe(50 - (created.body.cost as number));
    } finally {
      await worker.stop();
      await api.stop();
      await bus.close();
    }
  }, 180_000);
});
