/**
 * Start-up benchmark (issue 19): time from spawning a process to its first healthy `GET /health`,
 * and the CPU the process spent until then (utime + stime from /proc, so a busy machine inflates
 * it less than the wall time), against a bare `node:http` server started the same way in the same
 * run. Targets, each started `--rounds` times, interleaved:
 *
 * - `baseline`: `node -e` with an http server answering 200 — the floor of any Node process;
 * - `npm start`: tools/launcher/embedded.ts as `npm start` runs it, the web build current (built
 *   first when it is not), so its freshness check runs but no build;
 * - `npm start (<dir>)` with `--compare <dir>`: the launcher of another checkout (e.g. main, for
 *   before/after), given this tree's web build through WEB_DIST_DIR so nothing is built there;
 * - `container <service>` with `--containers`: services/<service>/dist/main.js as the image runs it
 *   (`node --enable-source-maps`, the environment docker-compose.yml gives it, OpenTelemetry loaded), on its embedded
 *   adapters (no MongoDB, Kafka, Redis or S3 here), so it measures the process's own start-up.
 *   Needs `npm run build:services`.
 *
 *   node --conditions=kadr-source --import tsx bench/startup/run.ts [--rounds 5] [--containers] [--compare /work/main]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePortPair } from '@kadr/tooling/test-helpers';
import { ensureWebBuild } from '../../tools/launcher/web-build';
import { cpuMsOf } from '../proc-cpu';

const ROOT = path.resolve(__dirname, '../..');
const READY_TIMEOUT_MS = 120_000;

interface Target {
  name: string;
  cwd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** One start; a port another process took between our check and the listen (a busy machine) is retried. */
async function startOnce(target: Target, workDir: string, attempt = 1): Promise<Sample> {
  try {
    return await startOnceOnFreePorts(target, workDir);
  } catch (error) {
    if (attempt < 3 && String(error).includes('EADDRINUSE')) return startOnce(target, workDir, attempt + 1);
    throw error;
  }
}

async function startOnceOnFreePorts(target: Target, workDir: string): Promise<Sample> {
  // A pair: the launcher puts the development identity provider on PORT+1.
  const port = await freePortPair();
  const log = path.join(workDir, `${target.name.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(log, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, target.args, {
    cwd: target.cwd,
    env: { ...target.env, PORT: String(port), METRICS_PORT: '0' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (await healthy(`http://127.0.0.1:${port}/health`)) break;
      if (child.exitCode !== null || performance.now() - started > READY_TIMEOUT_MS) {
        throw new Error(`${target.name} did not become healthy:\n${fs.readFileSync(log, 'utf8').slice(-1500)}`);
      }
      await sleep(10);
    }
    return { wallMs: performance.now() - started, cpuMs: cpuMsOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
    await exited;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** What each service's container gets from docker-compose.yml that its configuration requires, minus the infrastructure. */
function containerEnv(service: string, dataDir: string): NodeJS.ProcessEnv {
  const secret = randomBytes(32).toString('hex');
  const upstream = 'http://127.0.0.1:9';
  const perService: Record<string, NodeJS.ProcessEnv> = {
    'auth-gateway': {
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/kadr',
      OIDC_CLIENT_ID: 'kadr',
      OIDC_CLIENT_SECRET: secret,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      COMMERCE_URL: upstream,
      JOBS_URL: upstream,
      MEDIA_URL: upstream,
      I18N_URL: upstream,
      ADMIN_URL: upstream,
    },
    commerce: { PAYMENT_PROVIDER: 'mock', PUBLIC_URL: 'http://127.0.0.1:8080' },
    jobs: { COMMERCE_URL: upstream, PUBLIC_URL: 'http://127.0.0.1:8080', BLOB_SIGNING_SECRET: secret },
    media: { MEDIA_SIGNING_SECRET: secret, PUBLIC_URL: 'http://127.0.0.1:8080' },
    admin: { JOBS_URL: upstream, COMMERCE_URL: upstream, MEDIA_URL: upstream },
    i18n: {},
    // No SMTP_URL, as in compose: with DATA_DIR the mail catcher starts too.
    notifications: {
      UNSUBSCRIBE_TOKEN_SECRET: secret,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      GATEWAY_URL: upstream,
      I18N_URL: upstream,
    },
  };
  return {
    PATH: process.env.PATH,
    HOME: os.tmpdir(),
    // As docker-compose.yml runs them (x-kadr-env): development, where the mock payment provider is allowed.
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    OTEL_SERVICE_NAME: service,
    INTERNAL_TOKEN_SECRET: secret,
    DATA_DIR: dataDir,
    ...perService[service],
  };
}

async function main(): Promise<void> {
  const rounds = Number(option('rounds') ?? 5);
  const compare = option('compare');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-bench-startup-'));
  const build = await ensureWebBuild();
  const launcherEnv = (dataDir: string): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
    for (const name of ['WEB_DIST_DIR', 'OIDC_ISSUER_URL', 'MONGODB_URI', 'KAFKA_BROKERS', 'REDIS_URL', 'S3_ENDPOINT'])
      delete env[name];
    return env;
  };
  const launcher = ['--conditions=kadr-source', '--import', 'tsx', 'tools/launcher/embedded.ts'];
  const targets: Target[] = [
    {
      name: 'baseline',
      cwd: ROOT,
      args: ['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')"],
      env: process.env,
    },
    { name: 'npm start', cwd: ROOT, args: launcher, env: launcherEnv(path.join(workDir, 'data')) },
  ];
  if (compare) {
    targets.push({
      name: `npm start (${compare})`,
      cwd: path.resolve(compare),
      args: launcher,
      env: { ...launcherEnv(path.join(workDir, 'data-compare')), WEB_DIST_DIR: build.distDir },
    });
  }
  if (process.argv.includes('--containers')) {
    for (const service of ['auth-gateway', 'commerce', 'jobs', 'media', 'i18n', 'admin', 'notifications']) {
      const main = path.join(ROOT, 'services', service, 'dist', 'main.js');
      if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build:services`);
      targets.push({
        name: `container ${service}`,
        cwd: ROOT,
        args: ['--enable-source-maps', main],
        env: containerEnv(service, path.join(workDir, `data-${service}`)),
      });
    }
  }

  const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
  const loads: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const sample = await startOnce(target, workDir);
      samples.get(target.name)!.push(sample);
      loads.push(os.loadavg()[0]!);
      process.stderr.write(
        `round ${round} ${target.name}: ${sample.wallMs.toFixed(0)} ms wall, ${sample.cpuMs.toFixed(0)} ms CPU\n`,
      );
    }
  }
  fs.rmSync(workDir, { recursive: true, force: true });

  const base = samples.get('baseline')!;
  const baseWall = median(base.map((s) => s.wallMs));
  const baseCpu = median(base.map((s) => s.cpuMs));
  const lines = [
    `Start-up to a healthy /health, median of ${rounds} interleaved starts; 1-minute load average ${median(loads).toFixed(2)} ` +
      `(${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}) on ${os.cpus().length} cores, Node ${process.version}`,
    '',
    '| target | wall (median) | wall min–max | CPU to ready (median) | wall vs baseline | CPU vs baseline |',
    '|---|---|---|---|---|---|',
  ];
  for (const [name, list] of samples) {
    const wall = list.map((s) => s.wallMs);
    const cpu = median(list.map((s) => s.cpuMs));
    lines.push(
      `| ${name} | ${median(wall).toFixed(0)} ms | ${Math.min(...wall).toFixed(0)}–${Math.max(...wall).toFixed(0)} ms | ` +
        `${cpu.toFixed(0)} ms | ${(median(wall) / baseWall).toFixed(1)}× | ${(cpu / baseCpu).toFixed(1)}× |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
