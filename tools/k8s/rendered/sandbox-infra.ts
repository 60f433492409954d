// The data stores a release expects outside the cluster (Kafka, MongoDB, Redis, S3), started inside the pod
// sandbox on their standard ports from the same local images the real-server suites and docker compose use
// (packages/tooling/jest/infra-images.js), configured as packages/tooling/jest/real-server-containers.js
// configures them. tools/k8s/pod-run-values.yaml points the chart at these addresses.
import { randomBytes } from 'node:crypto';
import { docker } from './pod-sandbox';
import type { PodSandbox } from './pod-sandbox';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS modules of the jest tooling */
const { INFRA_IMAGES } = require('../../../packages/tooling/jest/infra-images.js') as {
  INFRA_IMAGES: Record<'kafka' | 'mongodb' | 'redis' | 's3', string>;
};
const { kafkaEnvironment, minioEnvironment } = require('../../../packages/tooling/jest/infra-settings.js') as {
  kafkaEnvironment: (listen: { host: string; port: number; controllerPort: number }) => Record<string, string>;
  minioEnvironment: (root: { accessKeyId: string; secretAccessKey: string; region: string }) => Record<string, string>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

export const SANDBOX_PORTS = {
  kafka: 9092,
  kafkaController: 9093,
  mongodb: 27017,
  redis: 6379,
  s3: 9000,
  s3Console: 9001,
};
export const SANDBOX_HOLDER_IMAGE = INFRA_IMAGES.redis;

export interface SandboxInfra {
  /** The values Secrets hold in a real cluster, by the variable they feed. */
  secretValues: Record<string, string>;
}

function alphanumeric(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export async function startSandboxInfra(sandbox: PodSandbox, s3Region: string): Promise<SandboxInfra> {
  const common = (kind: string) => [
    'run',
    '--detach',
    '--name',
    `${sandbox.name}-${kind}`,
    '--label',
    sandbox.label,
    '--network',
    sandbox.network,
  ];
  const { kafka, kafkaController, mongodb, redis, s3, s3Console } = SANDBOX_PORTS;
  const kafkaEnv = kafkaEnvironment({ host: '127.0.0.1', port: kafka, controllerPort: kafkaController });
  const s3Credentials = { S3_ACCESS_KEY_ID: alphanumeric(20), S3_SECRET_ACCESS_KEY: alphanumeric(40) };
  const minioEnv = minioEnvironment({
    accessKeyId: s3Credentials.S3_ACCESS_KEY_ID,
    secretAccessKey: s3Credentials.S3_SECRET_ACCESS_KEY,
    region: s3Region,
  });
  const envArgs = (env: Record<string, string>) => Object.keys(env).flatMap((name) => ['--env', name]);
  await Promise.all([
    docker([...common('kafka'), ...envArgs(kafkaEnv), INFRA_IMAGES.kafka], kafkaEnv),
    docker([...common('mongodb'), INFRA_IMAGES.mongodb, 'mongod', '--port', String(mongodb), '--bind_ip', '127.0.0.1']),
    docker([
      ...common('redis'),
      INFRA_IMAGES.redis,
      'redis-server',
      '--port',
      String(redis),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]),
    docker(
      [
        ...common('s3'),
        ...envArgs(minioEnv),
        INFRA_IMAGES.s3,
        'server',
        '/data',
        '--address',
        `127.0.0.1:${s3}`,
        '--console-address',
        `127.0.0.1:${s3Console}`,
      ],
      minioEnv,
    ),
  ]);
  return {
    secretValues: {
      ...s3Credentials,
      MONGODB_URI: `mongodb://127.0.0.1:${mongodb}`,
      REDIS_URL: `redis://127.0.0.1:${redis}`,
      // notifications needs a relay's URL to start in production. Nothing listens there, and nothing
      // asks it: no job finishes while the pods run, so no e-mail is due.
      SMTP_URL: 'smtp://127.0.0.1:2525',
    },
  };
}

/** Waits until each server accepts connections (MinIO: its readiness endpoint); throws naming the one that did not. */
export async function waitForSandboxInfra(sandbox: PodSandbox, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Map<string, () => Promise<boolean>>([
    ['kafka', () => sandbox.listening(SANDBOX_PORTS.kafka)],
    ['mongodb', () => sandbox.listening(SANDBOX_PORTS.mongodb)],
    ['redis', () => sandbox.listening(SANDBOX_PORTS.redis)],
    [
      's3',
      async () => (await sandbox.httpStatus(`http://127.0.0.1:${SANDBOX_PORTS.s3}/minio/health/ready`, 2)) === 200,
    ],
  ]);
  while (pending.size > 0) {
    for (const [name, ready] of pending) if (await ready()) pending.delete(name);
    if (pending.size === 0) return;
    if (Date.now() > deadline)
      throw new Error(`not ready after ${timeoutMs / 1000} s: ${[...pending.keys()].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
