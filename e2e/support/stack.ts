/**
 * The product a journey drives: the embedded composition of `npm start` (every service in this
 * process, tools/launcher/compose-embedded.ts) on free loopback ports, with a fresh data folder
 * and its own snapshot of the web build, so nothing from a developer's `.data/` or a concurrent
 * rebuild of web/dist leaks in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@kadr/telemetry';
import { freePortPair } from '@kadr/tooling/test-helpers';
import { startEmbedded, type RunningEmbedded } from '../../tools/launcher/compose-embedded';
import { ensureWebBuild } from '../../tools/launcher/web-build';

export interface E2eStack {
  /** The gateway, where the browser goes (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  /** `baseUrl` + a path. */
  url(pathname: string): string;
  dataDir: string;
  webDistDir: string;
  components: RunningEmbedded['components'];
  stop(): Promise<void>;
}

/** Variables that would send the stack to real servers or another identity provider: journeys run embedded. */
const NOT_FOR_JOURNEYS = ['REDIS_URL', 'MONGODB_URI', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'OIDC_ISSUER_URL', 'PUBLIC_URL'];

export interface StartE2eStackOptions {
  /** Extra or changed variables (e.g. FEATURE_FLAGS, RATE_LIMIT_USER_PER_MINUTE). */
  env?: NodeJS.ProcessEnv;
}

export async function startE2eStack(options: StartE2eStackOptions = {}): Promise<E2eStack> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const webDistDir = path.join(workDir, 'web-dist');
  fs.mkdirSync(dataDir);
  await ensureWebBuild({ copyTo: webDistDir });

  const port = await freePortPair();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of NOT_FOR_JOURNEYS) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    // The `faulty-test` model (fails or hangs on purpose) for failure journeys; refused in production.
    JOBS_ENABLE_FAULTY_PROVIDER: 'true',
    // Each service's own logger; warnings and errors still show next to a failing journey.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...options.env,
  });

  let running: RunningEmbedded;
  try {
    running = await startEmbedded(env, createLogger({ service: 'kadr-e2e', level: env.LOG_LEVEL }));
  } catch (error) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    url: (pathname) => new URL(pathname, baseUrl).href,
    dataDir,
    webDistDir,
    components: running.components,
    stop: async () => {
      await running.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
