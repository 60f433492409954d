/**
 * Gateway benchmark (issue 19): what the auth-gateway adds to a proxied, authenticated GET
 * (`/bff/platform/api/commerce/credits` with a session cookie → commerce `/api/commerce/credits`),
 * against baselines measured in the same run:
 *
 * - `direct`: the client calls commerce itself, with an internal token;
 * - `bare proxy`: a bare node:http server forwarding through an undici pool (servers.ts `bare`);
 * - `gateway (embedded)`: `npm start`'s process (every service in one process, as the journeys run it);
 * - `gateway (own process)`: the gateway composed as in production in a process of its own (servers.ts `gateway`).
 *
 * Tracing on everywhere but the bare proxy, sampled as in production (the chart's
 * OTEL_TRACES_SAMPLER_ARG), exporting over OTLP to a sink in this process. An open-loop generator
 * (requests sent on a fixed schedule whatever the answers, latency from the scheduled moment, so
 * queueing counts) at fixed rates below saturation, then a closed-loop max-throughput run, with
 * the CPU time each server process spent per answered call (from /proc; the embedded gateway's
 * own share is its process's CPU per call minus the same process's per direct call to commerce).
 * Not part of the test suite; it stops by itself.
 *
 *   node --conditions=kadr-source --import tsx bench/gateway/run.ts [--rates 100,300] [--seconds 10] [--sample 0.1]
 *     [--cpu-prof DIR]   (a CPU profile of the own-process gateway into DIR, written when it stops)
 *   `--rates ''` skips the fixed rates (max throughput only). BENCH_GATEWAY_ENV='{"OTEL_SDK_DISABLED":"true"}'
 *   adds variables to the own-process gateway only (to see what one part costs).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { internalTokenKeys, mintInternalToken } from '@kadr/http-kit';
import { CurrentUserAnswerSchema } from '../../services/auth-gateway/src/entry-points/http/09-gateway-routes/openapi/identity-schemas';
import { ApiClient } from '../../tools/test/support/api-client';
import { EmbeddedProcess, embeddedTestEnv } from '../../tools/test/support/embedded-process';
import type { ServerMessage } from './servers';

const PROXIED_PATH = '/bff/platform/api/commerce/credits';
const DIRECT_PATH = '/api/commerce/credits';
/** Connections the generator may open per target: enough that the open loop never waits for one at these rates. */
const CONNECTIONS = 64;
const MAX_THROUGHPUT_CONCURRENCY = 32;

interface Options {
  rates: number[];
  seconds: number;
  sample: string;
  cpuProfDir?: string;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at === -1 ? undefined : argv[at + 1];
  };
  return {
    rates: (value('rates') ?? '100,300').split(',').filter(Boolean).map(Number),
    seconds: Number(value('seconds') ?? 10),
    sample: value('sample') ?? '0.1',
    cpuProfDir: value('cpu-prof'),
  };
}

interface Target {
  name: string;
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** The process answering the client (for its CPU time per call). */
  pid: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds (user + system, every thread) a process has used so far. CPU time, unlike
 * throughput, does not depend on how many other processes compete for the two cores, so
 * CPU per call is the steadiest figure on a loaded machine.
 */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of proc(5) (utime, stime); `fields` starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

interface RateResult {
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function once(pool: Pool, target: Target): Promise<number> {
  const { statusCode, body } = await pool.request({ method: 'GET', path: target.path, headers: target.headers });
  await body.dump();
  return statusCode;
}

/** Open loop: request i is due at start + i/rate and is sent then, whatever the earlier ones are doing. */
async function openLoop(target: Target, rate: number, seconds: number): Promise<RateResult> {
  const pool = new Pool(target.origin, { connections: CONNECTIONS });
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const total = Math.round(rate * seconds);
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let sent = 0; sent < total;) {
    const due = start + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) {
      await new Promise((resolve) => setTimeout(resolve, wait - 1));
      continue;
    }
    if (wait > 0) continue;
    sent += 1;
    pending.push(
      once(pool, target).then(
        (status) => {
          latencies.push(performance.now() - due);
          if (status === 200) ok += 1;
          else failed += 1;
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { sent: total, ok, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

interface Throughput {
  rps: number;
  failed: number;
  /** CPU seconds per answered call of the answering process, and of the embedded process (the upstream, commerce). */
  cpuPerCall: number;
  embeddedCpuPerCall: number;
}

/** Closed loop: `concurrency` requests in flight all the time; answers per second, CPU per answer. */
async function maxThroughput(target: Target, seconds: number, embeddedPid: number): Promise<Throughput> {
  const pool = new Pool(target.origin, { connections: MAX_THROUGHPUT_CONCURRENCY });
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < end) {
      try {
        if ((await once(pool, target)) === 200) ok += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const started = performance.now();
  const cpuBefore = cpuSeconds(target.pid);
  const embeddedBefore = cpuSeconds(embeddedPid);
  await Promise.all(Array.from({ length: MAX_THROUGHPUT_CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpuPerCall = (cpuSeconds(target.pid) - cpuBefore) / ok;
  const embeddedCpuPerCall = (cpuSeconds(embeddedPid) - embeddedBefore) / ok;
  await pool.close();
  return { rps: ok / elapsed, failed, cpuPerCall, embeddedCpuPerCall };
}

/** Accepts OTLP/HTTP exports and drops them: the exporting side's cost is real, the receiving side is not measured. */
async function startOtlpSink(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function startServer(
  kind: 'gateway' | 'bare',
  env: NodeJS.ProcessEnv,
  logFile: string,
  extraExecArgv: string[] = [],
): Promise<{ child: ChildProcess; ready: ServerMessage }> {
  const log = fs.openSync(logFile, 'w');
  const child = fork(path.join(__dirname, 'servers.ts'), [kind], {
    execArgv: ['--conditions=kadr-source', '--import', 'tsx', ...extraExecArgv],
    env,
    stdio: ['ignore', log, log, 'ipc'],
  });
  fs.closeSync(log);
  return new Promise((resolve, reject) => {
    child.once('message', (ready: ServerMessage) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`${kind} exited (${code}) before it was ready; see ${logFile}`)));
  });
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadBefore = os.loadavg()[0]!;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-bench-gateway-'));
  const sink = await startOtlpSink();
  const tracing = {
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: options.sample,
  };
  const { env, base } = await embeddedTestEnv(workDir, {
    env: { ...tracing, NODE_ENV: 'development', RATE_LIMIT_USER_PER_MINUTE: '100000000', LOG_LEVEL: 'info' },
  });
  const embedded = new EmbeddedProcess(env, workDir);
  const children: ChildProcess[] = [];
  try {
    const commerceUrl = await embedded.start();
    const embeddedPid = embedded.runs[0]!.pid;
    const client = await ApiClient.signIn(base, 'bench@kadr.local');
    const cookie = `kadr_session=${client.browser.cookie(new URL(base).hostname, 'kadr_session')}`;
    // The signed-in user as the gateway documents it (its `CurrentUser` schema), checked rather than assumed.
    const user = CurrentUserAnswerSchema.parse((await client.get('/bff/platform/api/auth/me')).body).data;
    const secret = env.INTERNAL_TOKEN_SECRET!;
    const token = await mintInternalToken(
      { kind: 'user', userId: user.id, email: user.email, name: user.name, roles: user.roles },
      {
        keys: internalTokenKeys({
          INTERNAL_TOKEN_SECRET: secret,
          INTERNAL_TOKEN_KEY_ID: DEFAULT_INTERNAL_TOKEN_KEY_ID,
        }),
        audience: 'commerce',
        ttlSeconds: 3600,
      },
    );
    const serverEnv = {
      ...process.env,
      ...tracing,
      OTEL_SERVICE_NAME: 'auth-gateway',
      INTERNAL_TOKEN_SECRET: secret,
      BENCH_COMMERCE_URL: commerceUrl,
      BENCH_TOKEN: token,
      BENCH_USER: JSON.stringify(user),
    };
    const bare = await startServer('bare', { ...serverEnv, OTEL_SDK_DISABLED: 'true' }, path.join(workDir, 'bare.log'));
    children.push(bare.child);
    const own = await startServer(
      'gateway',
      { ...serverEnv, ...(JSON.parse(process.env.BENCH_GATEWAY_ENV ?? '{}') as NodeJS.ProcessEnv) },
      path.join(workDir, 'gateway.log'),
      options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : [],
    );
    children.push(own.child);

    const accept = { accept: 'application/json' };
    const targets: Target[] = [
      {
        name: 'direct',
        origin: commerceUrl,
        path: DIRECT_PATH,
        headers: { ...accept, authorization: `Bearer ${token}` },
        pid: embeddedPid,
      },
      { name: 'bare proxy', origin: bare.ready.url, path: PROXIED_PATH, headers: accept, pid: bare.child.pid! },
      {
        name: 'gateway (embedded)',
        origin: base,
        path: PROXIED_PATH,
        headers: { ...accept, cookie },
        pid: embeddedPid,
      },
      {
        name: 'gateway (own process)',
        origin: own.ready.url,
        path: PROXIED_PATH,
        headers: { ...accept, cookie: own.ready.cookie! },
        pid: own.child.pid!,
      },
    ];
    for (const target of targets) {
      const pool = new Pool(target.origin);
      const status = await once(pool, target);
      await pool.close();
      if (status !== 200) throw new Error(`${target.name} answered ${status}`);
    }

    const rows: string[] = [];
    for (const rate of options.rates) {
      const results = new Map<string, RateResult>();
      for (const target of targets) {
        await openLoop(target, rate, 1); // warm-up (JIT, connections)
        results.set(target.name, await openLoop(target, rate, options.seconds));
      }
      const direct = results.get('direct')!;
      for (const target of targets) {
        const r = results.get(target.name)!;
        rows.push(
          `| ${rate} req/s | ${target.name} | ${r.ok}/${r.sent} | ${ms(r.p50)} | ${ms(r.p99)} | ` +
            `${target.name === 'direct' ? '—' : signed(r.p50 - direct.p50)} | ${target.name === 'direct' ? '—' : signed(r.p99 - direct.p99)} |`,
        );
      }
    }
    const throughput = new Map<string, Throughput>();
    for (const target of targets) {
      await maxThroughput(target, 2, embeddedPid); // warm-up
      throughput.set(target.name, await maxThroughput(target, options.seconds, embeddedPid));
    }
    const bareRun = throughput.get('bare proxy')!;
    const direct = throughput.get('direct')!;
    /** The proxy's own CPU per call: in the embedded process, what the call costs beyond commerce's share (direct). */
    const ownCpu = (name: string, t: Throughput) =>
      name === 'gateway (embedded)' ? t.cpuPerCall - direct.cpuPerCall : t.cpuPerCall;
    const loadAfter = os.loadavg()[0]!;

    console.log(
      `\nGateway benchmark — ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores`,
    );
    console.log(`sampler parentbased_traceidratio ${options.sample}; ${options.seconds} s per measurement`);
    console.log(`1-minute load average: ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after\n`);
    console.log('| rate | target | ok/sent | p50 | p99 | added p50 vs direct | added p99 vs direct |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(
      '\n| target | max throughput | failed | vs bare proxy | CPU per call, own | bare proxy CPU / own CPU | commerce CPU per call |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const target of targets) {
      const t = throughput.get(target.name)!;
      const own = ownCpu(target.name, t);
      console.log(
        `| ${target.name} | ${t.rps.toFixed(0)} req/s | ${t.failed} | ${(t.rps / bareRun.rps).toFixed(2)}× | ` +
          `${target.name === 'direct' ? '—' : `${(own * 1e6).toFixed(0)} µs`} | ` +
          `${target.name === 'direct' ? '—' : `${(bareRun.cpuPerCall / own).toFixed(2)}×`} | ` +
          `${((target.name === 'gateway (embedded)' ? direct.cpuPerCall : t.embeddedCpuPerCall) * 1e6).toFixed(0)} µs |`,
      );
    }
  } finally {
    // Asked to exit (not killed), so a --cpu-prof profile gets written.
    await Promise.all(
      children.map((child) => new Promise((resolve) => child.once('exit', resolve).send({ type: 'stop' }))),
    );
    await embedded.stop();
    sink.server.close();
    if (!options.cpuProfDir) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
