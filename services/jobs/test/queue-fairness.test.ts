/**
 * One user cannot fill the queue (issue 13): a worker takes jobs in fair order across users, so
 * one user's 25 queued jobs delay another user's first job by at most the render in progress.
 * Deterministic: the gated provider decides when each render ends; the test counts renders.
 */
import { randomUUID } from 'node:crypto';
import { startGatedRig, type GatedProvider, type GatedRig } from './helpers/gated-provider';
import { submitJob, waitFor, type Rig } from './helpers/test-rig';

const LITE = { prompt: 'queued', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };

describe('fair queue across users [memory bus, one render slot]', () => {
  let gated: GatedRig;
  let rig: Rig;
  let provider: GatedProvider;

  beforeAll(async () => {
    gated = await startGatedRig();
    ({ rig, provider } = gated);
  }, 60_000);
  afterAll(() => gated.close());

  const create = (userId: string) => submitJob(rig.api.url, userId, LITE);

  it("another user's first job waits for at most the one render in progress, not 25", async () => {
    const heavy = `heavy-${randomUUID()}`;
    const light = `light-${randomUUID()}`;
    rig.commerce.give(heavy, 1000);
    rig.commerce.give(light, 100);
    const heavyJobs: string[] = [];
    for (let i = 0; i < 25; i += 1) heavyJobs.push(await create(heavy));
    await provider.startedCount(1);
    // Every heavy job.created has reached the worker (waiting for the slot) before the light job exists.
    await rig.api.adapters.relay.runOnce();
    const lightJob = await create(light);
    await rig.api.adapters.relay.runOnce();

    // Renders end one at a time until the light job has started.
    while (!provider.started.includes(lightJob)) {
      const before = provider.started.length;
      provider.open(1);
      await provider.startedCount(before + 1);
    }
    const rendersBefore = provider.started.indexOf(lightJob);
    expect(provider.started.slice(0, rendersBefore).every((id) => heavyJobs.includes(id))).toBe(true);
    expect(rendersBefore).toBe(1);

    // And the heavy user's jobs still all run, oldest first.
    provider.openAll();
    await waitFor(
      async () => (await rig.api.adapters.jobs.countForUser(heavy, ['COMPLETED'])) === 25,
      60_000,
      'the heavy user to be served',
    );
    expect(provider.started.filter((id) => heavyJobs.includes(id))).toEqual(heavyJobs);
  }, 120_000);
});
