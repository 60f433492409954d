import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from './support/eventually';
import { freePortPair } from '@kadr/tooling/test-helpers';

/**
 * What a container runs: `node services/<name>/dist/<entry>.js` — no tsx, no `kadr-source`
 * condition, so every `@kadr/*` import resolves to the `default` export condition (`dist/`).
 * `npm run build` (tsc -b tsconfig.build.json) is incremental: a no-op when CI's build stage ran.
 */
const root = path.resolve(__dirname, '../..');

interface Deployable {
  component: string;
  entry: string;
  /** Only the worker has no public port: its liveness is on the metrics port. */
  publicHealth: boolean;
}

const deployables: Deployable[] = [
  { component: 'auth-gateway', entry: 'services/auth-gateway/dist/main.js', publicHealth: true },
  { component: 'commerce', entry: 'services/commerce/dist/main.js', publicHealth: true },
  { component: 'jobs', entry: 'services/jobs/dist/main.js', publicHealth: true },
  { component: 'jobs-worker', entry: 'services/jobs/dist/worker.js', publicHealth: false },
  { component: 'media', entry: 'services/media/dist/main.js', publicHealth: true },
  { component: 'i18n', entry: 'services/i18n/dist/main.js', publicHealth: true },
  { component: 'admin', entry: 'services/admin/dist/main.js', publicHealth: true },
  { component: 'notifications', entry: 'services/notifications/dist/main.js', publicHealth: true },
];

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const secret = (label: string) => `${label}-production-build-test-0123456789abcdef`;

function startBuilt(deployable: Deployable, port: number, metricsPort: number, dataDir: string): Running {
  // A clean environment: nothing of jest's (NODE_OPTIONS, conditions) and no infrastructure variables.
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: dataDir,
    OTEL_SDK_DISABLED: 'true',
    OTEL_SERVICE_NAME: deployable.component,
    LOG_LEVEL: 'warn',
    INTERNAL_TOKEN_SECRET: secret('internal'),
    SESSION_SECRET: secret('session'),
    MEDIA_SIGNING_SECRET: secret('media'),
    UNSUBSCRIBE_TOKEN_SECRET: secret('unsubscribe'),
  };
  const child = spawn(process.execPath, [deployable.entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('production build: every deployable runs from dist/ under plain node', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kadr-production-build-'));

  beforeAll(() => {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'pipe',
      timeout: 240_000,
    });
  }, 300_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(deployables)(
    '$component answers health and metrics, and drains on SIGTERM with exit 0',
    async (deployable) => {
      const port = await freePortPair();
      const metricsPort = port + 1;
      const running = startBuilt(deployable, port, metricsPort, path.join(dataDir, deployable.component));
      try {
        const healthUrl = deployable.publicHealth
          ? `http://127.0.0.1:${port}/health/ready`
          : `http://127.0.0.1:${metricsPort}/health/live`;
        const status = await eventually(
          async () => {
            if (running.child.exitCode !== null) return `exited ${running.child.exitCode}`;
            return fetch(healthUrl).then(
              (res) => res.status,
              () => 'refused',
            );
          },
          (value) => value === 200 || (typeof value === 'string' && value.startsWith('exited')),
          30_000,
        );
        if (status !== 200) throw new Error(`${deployable.component} ${status}: ${running.output()}`);
        // main.ts opens the metrics port just after the public one: wait for it as well.
        const metrics = await eventually(
          () =>
            fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
              async (res) => (res.status === 200 ? await res.text() : `status ${res.status}`),
              () => 'refused',
            ),
          (text) => /^process_cpu_user_seconds_total\{[^}]*\} \d/m.test(text),
          10_000,
        );
        expect(metrics).toMatch(/^process_cpu_user_seconds_total\{[^}]*\} \d/m);
        // The runtime metrics an SRE reads first (issue 18), labelled with the deployable they describe.
        for (const name of [
          'nodejs_eventloop_lag_seconds',
          'nodejs_eventloop_lag_p99_seconds',
          'nodejs_heap_size_used_bytes',
        ]) {
          expect(metrics).toMatch(new RegExp(`^${name}\\{service="${deployable.component}"\\} \\d`, 'm'));
        }
        expect(metrics).toContain('# TYPE nodejs_gc_duration_seconds histogram');

        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        if (running.child.exitCode === null) running.child.kill('SIGKILL');
      }
    },
    60_000,
  );
});
