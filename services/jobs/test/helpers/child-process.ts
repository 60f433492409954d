/**
 * A jobs process to kill (run with tsx by child.ts): `api-crash-after-hold` serves the API and
 * exits the moment commerce answered the hold (the saga's crash window); `worker` runs a worker
 * and prints each progress step so the test knows when to kill it mid-render.
 */
import { decodeEventOn } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import type { MemoryJobRepository } from '../../src/data-access/jobs/memory-job.repository';
import { startJobs, startJobsWorker } from '../../src';
import { testConfig } from './test-rig';

async function main(): Promise<void> {
  const role = process.env.CHILD_ROLE;
  const config = testConfig({
    DATA_DIR: process.env.CHILD_DATA_DIR ?? '',
    COMMERCE_URL: process.env.CHILD_COMMERCE_URL ?? 'http://127.0.0.1:9',
    JOB_LEASE_MS: '1000',
  });
  const bus = new MemoryEventBus();
  if (role === 'api-crash-after-hold') {
    const store: { jobs?: MemoryJobRepository } = {};
    const api = await startJobs(config, {
      adapters: { eventBus: bus },
      defaultMetrics: false,
      sagaHooks: {
        afterHold: async () => {
          // The RESERVING job is in the store (as it would be in a database); then the process dies.
          await store.jobs?.flush();
          process.exit(137);
        },
      },
    });
    store.jobs = api.adapters.jobs as MemoryJobRepository;
    process.stdout.write(`URL ${api.url}\n`);
    return;
  }
  if (role === 'worker') {
    await bus.subscribe({
      group: 'progress-printer',
      topics: ['job.progress'],
      handler: (message) => {
        const { payload } = decodeEventOn('job.progress', message.value);
        process.stdout.write(`PROGRESS ${payload.value.jobId} ${payload.value.kind} ${payload.value.progress}\n`);
        return Promise.resolve();
      },
    });
    await startJobsWorker(config, { adapters: { eventBus: bus } });
    process.stdout.write('READY\n');
    return;
  }
  throw new Error(`unknown CHILD_ROLE ${role}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
