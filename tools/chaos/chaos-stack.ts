/**
 * The distributed product for the chaos run: its own Kafka broker, and as separate processes the
 * gateway, commerce, the jobs API and two jobs workers, all on that broker, on databases of
 * their own in the shared MongoDB-wire server and on a Redis database index of their own. The
 * development identity provider runs in the test process (it is not under test).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startDevIdentityProvider, type RunningDevIdentityProvider } from '@kadr/auth-gateway/dev-identity-provider';
import { ChaosKafkaBroker } from './kafka-broker';
import type { ProcessRegistry } from './process-registry';
import { ServiceProcess } from './service-process';
import { freePort } from '@kadr/tooling/test-helpers';

/** The services' own databases, named `<prefix>-<service>`. */
export const CHAOS_DATABASES = ['auth-gateway', 'commerce', 'jobs'] as const;
export type ChaosDatabase = (typeof CHAOS_DATABASES)[number];

export interface ChaosStackOptions {
  runId: string;
  workDir: string;
  kafkaLibs: string;
  mongoUri: string;
  redisUrl: string;
  processes: ProcessRegistry;
  /** Added to the jobs processes' environment (overrides the defaults below). */
  jobsEnv?: Record<string, string>;
}

export interface ChaosStack {
  publicUrl: string;
  broker: ChaosKafkaBroker;
  gateway: ServiceProcess;
  commerce: ServiceProcess;
  jobsApi: ServiceProcess;
  workers: [ServiceProcess, ServiceProcess];
  databaseOf(service: ChaosDatabase): string;
  stop(): Promise<void>;
}

/** The worker's lease: short, so a killed worker's job is taken over within seconds. */
export const CHAOS_JOB_LEASE_MS = 4_000;
/** The jobs dispatcher's bound for an unclaimed PENDING job (JOB_REDISPATCH_AFTER_MS). */
export const CHAOS_REDISPATCH_AFTER_MS = 10_000;
/** The Redis database index of the chaos run (sessions, live feeds); the shared server's 0 stays untouched. */
const CHAOS_REDIS_DB = '13';

export async function startChaosStack(options: ChaosStackOptions): Promise<ChaosStack> {
  const { processes, workDir } = options;
  const kafkaPort = await freePort();
  const broker = new ChaosKafkaBroker({
    libs: options.kafkaLibs,
    dir: path.join(workDir, 'kafka'),
    port: kafkaPort,
    controllerPort: await freePort(),
    processes,
  });
  broker.format();
  await broker.start();

  const [gatewayPort, commercePort, jobsPort] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${gatewayPort}`;
  const commerceUrl = `http://127.0.0.1:${commercePort}`;
  const jobsUrl = `http://127.0.0.1:${jobsPort}`;
  const databaseOf = (service: ChaosDatabase) => `kadr-chaos-${options.runId}-${service}`;
  const redis = new URL(options.redisUrl);
  redis.pathname = `/${CHAOS_REDIS_DB}`;

  const common = {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    KAFKA_BROKERS: broker.address,
    MONGODB_URI: options.mongoUri,
    OTEL_SDK_DISABLED: 'true',
    // Every process serves /metrics on a port of its own: 0 lets the OS choose (9464 would collide).
    METRICS_PORT: '0',
  };
  const jobsEnv = {
    ...common,
    MONGODB_DB: databaseOf('jobs'),
    COMMERCE_URL: commerceUrl,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.join(workDir, 'jobs-data'),
    JOBS_ENABLE_FAULTY_PROVIDER: 'true',
    JOB_LEASE_MS: String(CHAOS_JOB_LEASE_MS),
    WORKER_CONCURRENCY: '1',
    // A PENDING job nobody claimed (its job.created dead-lettered or skipped) is dispatched
    // again after this: well inside the run's settle bound.
    JOB_REDISPATCH_AFTER_MS: String(CHAOS_REDISPATCH_AFTER_MS),
    // Workers claim only when Kafka wakes them (JOB_IDLE_CLAIM_MS=0): this run is about Kafka's
    // delivery under faults, and the idle poll (own tests: stranded-jobs) would render the whole
    // batch from the store while the broker is down, leaving no render for the worker kill to hit.
    JOB_IDLE_CLAIM_MS: '0',
    // The workload is about faults, not quotas: no user may be refused for having jobs running.
    ACTIVE_JOBS_CAP_FREE: '1000',
    ...options.jobsEnv,
  };
  const logDir = path.join(workDir, 'logs');
  const service = (name: string, entry: string, env: Record<string, string>, url?: string) =>
    new ServiceProcess({
      name,
      entry,
      env,
      url,
      readyLine: url ? undefined : 'jobs worker running',
      logDir,
      processes,
    });

  const oidcSecret = randomBytes(16).toString('hex');
  let provider: RunningDevIdentityProvider | undefined;
  const commerce = service(
    'commerce',
    'services/commerce/src/main.ts',
    { ...common, PORT: String(commercePort), PUBLIC_URL: publicUrl, MONGODB_DB: databaseOf('commerce') },
    commerceUrl,
  );
  const jobsApi = service('jobs', 'services/jobs/src/main.ts', { ...jobsEnv, PORT: String(jobsPort) }, jobsUrl);
  // Info for the workers: their readiness is the "jobs worker running" line, and their claims
  // and completions are what one reads after a failed run.
  const workerEnv = { ...jobsEnv, LOG_LEVEL: 'info' };
  const workers: [ServiceProcess, ServiceProcess] = [
    service('jobs-worker-a', 'services/jobs/src/worker.ts', workerEnv),
    service('jobs-worker-b', 'services/jobs/src/worker.ts', workerEnv),
  ];
  let gateway: ServiceProcess | undefined;
  const stop = async () => {
    await processes.stopAll();
    await provider?.stop();
  };
  try {
    provider = await startDevIdentityProvider({
      port: 0,
      host: '127.0.0.1',
      clients: [{ client_id: 'kadr-web', client_secret: oidcSecret, redirect_uris: [`${publicUrl}/auth/callback`] }],
      accounts: [],
      adminEmail: 'admin@kadr.local',
    });
    gateway = service(
      'auth-gateway',
      'services/auth-gateway/src/main.ts',
      {
        ...common,
        PORT: String(gatewayPort),
        PUBLIC_URL: publicUrl,
        SECURE_COOKIES: 'false',
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: 'kadr-web',
        OIDC_CLIENT_SECRET: oidcSecret,
        COMMERCE_URL: commerceUrl,
        JOBS_URL: jobsUrl,
        REDIS_URL: redis.href,
        MONGODB_DB: databaseOf('auth-gateway'),
      },
      publicUrl,
    );
    // Two at a time: six TypeScript processes starting at once would starve a 2-core machine.
    await Promise.all([commerce.start(), jobsApi.start()]);
    await Promise.all([workers[0].start(), workers[1].start()]);
    await gateway.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { publicUrl, broker, gateway, commerce, jobsApi, workers, databaseOf, stop };
}
