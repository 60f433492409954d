import { createLogger } from '@kadr/telemetry';
import { Registry } from 'prom-client';
import { MemoryJobRepository } from '../../data-access/jobs/memory-job.repository';
import { aJob } from '../../../test/helpers/a-job';
import { registerJobsInStatus } from './jobs-in-status';

const logger = createLogger({ service: 'jobs-test', level: 'silent' });

/** The gauge's value per status, read as a scrape reads it. */
async function scrape(registry: Registry): Promise<Record<string, number>> {
  const { values } = await registry.getSingleMetric('jobs_in_status')!.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.status), v.value]));
}

describe('jobs_in_status', () => {
  let jobs: MemoryJobRepository;
  beforeEach(async () => {
    jobs = await MemoryJobRepository.create();
  });
  afterEach(() => jobs.close());

  it('reads the store at most once per max age: every status, 0 included', async () => {
    const registry = new Registry();
    registerJobsInStatus(registry, { jobs, logger }, { maxAgeMs: 300, timeoutMs: 1_000 });
    await jobs.insert(aJob({ status: 'PENDING' }));
    const zero = { RESERVING: 0, PROCESSING: 0, COMPLETED: 0, FAILED: 0, CANCELLED: 0 };
    expect(await scrape(registry)).toEqual({ ...zero, PENDING: 1 });

    await jobs.insert(aJob({ status: 'PENDING' }));
    expect(await scrape(registry)).toEqual({ ...zero, PENDING: 1 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await scrape(registry)).toEqual({ ...zero, PENDING: 2 });
  });

  it('a store that does not answer in time never holds the scrape up: no counts until it answers again', async () => {
    let hanging = false;
    const store = {
      countByStatus: () => (hanging ? new Promise<never>(() => undefined) : jobs.countByStatus()),
    };
    const registry = new Registry();
    registerJobsInStatus(registry, { jobs: store, logger }, { maxAgeMs: 0, timeoutMs: 100 });
    await jobs.insert(aJob({ status: 'FAILED' }));
    expect(await scrape(registry)).toMatchObject({ FAILED: 1 });

    hanging = true;
    const started = Date.now();
    expect(await scrape(registry)).toEqual({});
    expect(Date.now() - started).toBeLessThan(1_000);

    hanging = false;
    expect(await scrape(registry)).toMatchObject({ FAILED: 1 });
  });
});
