import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID, parseConfig } from '@kadr/config';
import { decodeEvent, type EventEnvelope } from '@kadr/contracts';
import { MemoryEventBus, type EventBus } from '@kadr/event-bus';
import { mintInternalToken, type InternalTokenKeys } from '@kadr/http-kit';
import request from 'supertest';
import { jobsConfigSchema, type JobsConfig } from '../../src/config';
import {
  startJobs,
  startJobsWorker,
  type JobsStartOptions,
  type RunningJobsApi,
  type RunningJobsWorker,
} from '../../src';
import { FakeCommerce } from './fake-commerce';

export const SECRET = 'test-internal-token-secret-0123456789abcdef';
/** The keys of a service configured with SECRET alone (the default key id). */
export const KEYS: InternalTokenKeys = { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: SECRET } };

export function testConfig(overrides: Record<string, string> = {}): JobsConfig {
  return parseConfig('jobs', jobsConfigSchema, {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN_SECRET: SECRET,
    JOB_LEASE_MS: '2000',
    SAGA_STALE_MS: '60000',
    ...overrides,
  });
}

export const userToken = (userId: string, roles: string[] = ['user']) =>
  mintInternalToken({ kind: 'user', userId, email: `${userId}@example.test`, roles }, { keys: KEYS, audience: 'jobs' });

/** POST /jobs as `userId` with a fresh idempotency key: expects 202 Accepted, returns the job id. */
export async function submitJob(apiUrl: string, userId: string, body: object): Promise<string> {
  const answer = await request(apiUrl)
    .post('/jobs')
    .set('authorization', `Bearer ${await userToken(userId)}`)
    .set('idempotency-key', randomUUID())
    .send(body);
  expect(answer.status).toBe(202);
  return answer.body.id as string;
}

/** Records every event on the given topics (its own consumer group). */
export async function recordEvents(bus: EventBus, topics: string[]): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  await bus.subscribe({
    group: `recorder-${randomUUID()}`,
    topics,
    handler: (message) => {
      seen.push(decodeEvent(message.value));
      return Promise.resolve();
    },
  });
  return seen;
}

type Falsy = undefined | null | false | 0 | '';

export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<Exclude<T, Falsy>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, Falsy>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Rig {
  config: JobsConfig;
  bus: EventBus;
  commerce: FakeCommerce;
  api: RunningJobsApi;
  worker: RunningJobsWorker | undefined;
  dataDir: string;
  events: EventEnvelope[];
  close(): Promise<void>;
}

/** API + worker in one process on a memory bus (as in the embedded mode), a fake commerce, a temp data folder. */
export async function startRig(
  options: { worker?: boolean; env?: Record<string, string>; start?: JobsStartOptions; bus?: EventBus } = {},
): Promise<Rig> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-jobs-test-'));
  const bus = options.bus ?? new MemoryEventBus();
  const commerce = await new FakeCommerce(SECRET).start();
  await commerce.consume(bus);
  const config = testConfig({ DATA_DIR: dataDir, COMMERCE_URL: commerce.url, ...options.env });
  const events = await recordEvents(bus, ['job.created', 'job.progress', 'job.deleted', 'user.purged']);
  const api = await startJobs(config, { ...options.start, adapters: { eventBus: bus }, defaultMetrics: false });
  const worker =
    options.worker === false
      ? undefined
      : await startJobsWorker(config, {
          ...options.start,
          adapters: {
            eventBus: bus,
            jobs: api.adapters.jobs,
            settings: api.adapters.settings,
            relay: api.adapters.relay,
            blobStore: api.adapters.blobStore,
          },
        });
  return {
    config,
    bus,
    commerce,
    api,
    worker,
    dataDir,
    events,
    async close() {
      await worker?.stop();
      await api.stop();
      await commerce.stop();
      if (!options.bus) await bus.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
