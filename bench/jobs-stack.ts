/**
 * The jobs service as the benchmarks drive it (bench/render, bench/eta): the API and M workers in this
 * process on memory adapters (one bus, one job store, one blob store, shared as the embedded mode shares
 * them), the configured providers (the real local renderer, ffmpeg) unless others are given, and the
 * jobs tests' `FakeCommerce` for holds and captures. Each worker is its own `startJobsWorker` with one
 * render slot, a member of the `jobs-worker` consumer group like one worker pod.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID, parseConfig } from '@kadr/config';
import type { JobResponse, JobView } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import { mintInternalToken } from '@kadr/http-kit';
import {
  jobsConfigSchema,
  startJobs,
  startJobsWorker,
  type JobsStartOptions,
  type RunningJobsApi,
  type RunningJobsWorker,
} from '@kadr/jobs';
// The jobs tests' stand-in for commerce (holds and captures over HTTP and the bus): a bench-only shortcut.
import { FakeCommerce } from '../services/jobs/test/helpers/fake-commerce';

const SECRET = 'bench-internal-token-secret-0123456789abcdef';

/** What a job is asked for: the four settings a render's length depends on, and its prompt. */
export interface JobRequest {
  prompt: string;
  modelId: string;
  duration: number;
  quality: string;
  speed: string;
}

export interface JobsStack {
  bus: MemoryEventBus;
  api: RunningJobsApi;
  workers: RunningJobsWorker[];
  /** POST /jobs as `userId`; the new job's id. */
  submit(userId: string, job: JobRequest): Promise<string>;
  /** GET /jobs/{id} as its owner: the job as the web app reads it, with its `queue` forecast. */
  read(userId: string, id: string): Promise<JobView>;
  stop(): Promise<void>;
}

export interface JobsStackOptions {
  workers: number;
  /** Given credits enough for every job, up to 4K. */
  users: string[];
  /** Renderers instead of the configured ones (a wrapper that times renders). */
  providers?: JobsStartOptions['providers'];
}

export async function startJobsStack(options: JobsStackOptions): Promise<JobsStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-bench-jobs-'));
  const bus = new MemoryEventBus();
  const commerce = await new FakeCommerce(SECRET).start();
  await commerce.consume(bus);
  for (const user of options.users) commerce.give(user, 10_000_000, '2160p');
  const config = parseConfig('jobs', jobsConfigSchema, {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN_SECRET: SECRET,
    DATA_DIR: dataDir,
    COMMERCE_URL: commerce.url,
    WORKER_CONCURRENCY: '1',
    // The bursts queue many jobs per user; the bench measures waiting, not the per-user cap.
    ACTIVE_JOBS_CAP_FREE: '1000',
    // A loaded machine renders slowly: the bench measures, it does not time renders out.
    JOB_TIMEOUT_BASE_MS: '600000',
  });
  const { providers } = options;
  const api = await startJobs(config, { providers, adapters: { eventBus: bus }, defaultMetrics: false });
  const workers: RunningJobsWorker[] = [];
  for (let i = 0; i < options.workers; i += 1) {
    workers.push(
      await startJobsWorker(config, {
        providers,
        defaultMetrics: false,
        adapters: {
          eventBus: bus,
          jobs: api.adapters.jobs,
          settings: api.adapters.settings,
          relay: api.adapters.relay,
          blobStore: api.adapters.blobStore,
        },
      }),
    );
  }

  const bearer = async (userId: string) =>
    `Bearer ${await mintInternalToken(
      { kind: 'user', userId, email: `${userId}@example.test`, roles: ['user'] },
      { keys: { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: SECRET } }, audience: 'jobs' },
    )}`;

  return {
    bus,
    api,
    workers,
    async submit(userId, job) {
      const answer = await fetch(`${api.url}/jobs`, {
        method: 'POST',
        headers: {
          authorization: await bearer(userId),
          'idempotency-key': randomUUID(),
          'content-type': 'application/json',
        },
        body: JSON.stringify(job),
      });
      if (answer.status !== 202) throw new Error(`POST /jobs answered ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { id: string }).id;
    },
    async read(userId, id) {
      const answer = await fetch(`${api.url}/jobs/${id}`, { headers: { authorization: await bearer(userId) } });
      if (answer.status !== 200) throw new Error(`GET /jobs/${id} answered ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as JobResponse).data;
    },
    async stop() {
      for (const worker of workers.reverse()) await worker.stop();
      await api.stop();
      await commerce.stop();
      await bus.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
