/**
 * SSE benchmark (issues 7, 19): how many concurrent live-update clients one gateway process holds
 * on loopback, the memory each one costs the process, and the latency from publishing an event
 * on the bus to its arrival at the client — against a bare node:http server writing the same
 * events directly, measured in the same run. The gateway runs with tracing loaded as in production,
 * on the memory key-value store and/or a real Redis (`--kv redis`: a Debian `redis-server` started
 * here on a free loopback port and stopped at the end). Not part of the test suite; it stops by itself.
 *
 *   node --conditions=kadr-source --import tsx bench/sse/run.ts [--clients 1000,10000] [--kv memory,redis]
 *        [--rounds 10] [--interval 500] [--client-procs 4] [--profile <dir>] [--heap-snapshot <dir>]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FromServer, MemoryReading, ServerKind, ToServer } from './bench-server';
import type { FromClients, ToClients } from './clients';

/** Streams per user: the gateway's default per-user limit, so the shared per-user subscription is exercised. */
const STREAMS_PER_USER = 5;
const CONNECT_DEADLINE_MS = 120_000;
const DELIVERY_DEADLINE_MS = 60_000;
/** Sockets one client process opens at most (it parses every frame of its streams). */
const STREAMS_PER_CLIENT_PROCESS = 2_500;
/** Each child may hold this many descriptors (the server 10,000 streams plus its own). */
const FD_LIMIT = 20_000;

type KvKind = 'memory' | 'redis';

interface Options {
  clients: number[];
  kv: KvKind[];
  rounds: number;
  intervalMs: number;
  clientProcs: number | undefined;
  /** Where the gateway child writes a V8 CPU profile (`--cpu-prof`), if anywhere. */
  profileDir: string | undefined;
  /** Where the gateway child writes a heap snapshot once every stream is open, if anywhere. */
  heapSnapshotDir: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at === -1 ? undefined : argv[at + 1];
  };
  const kv = (value('kv') ?? 'memory').split(',') as KvKind[];
  if (kv.some((kind) => kind !== 'memory' && kind !== 'redis')) throw new Error('--kv takes memory, redis or both');
  return {
    clients: (value('clients') ?? '1000,10000').split(',').map(Number),
    kv,
    rounds: Number(value('rounds') ?? 10),
    intervalMs: Number(value('interval') ?? 500),
    clientProcs: value('client-procs') === undefined ? undefined : Number(value('client-procs')),
    profileDir: value('profile'),
    heapSnapshotDir: value('heap-snapshot'),
  };
}

async function until(check: () => boolean, deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A TypeScript child with a raised descriptor limit (the default soft limit may be 1024). */
function forkTs(script: string, args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[] = []): ChildProcess {
  const node = [process.execPath, '--conditions=kadr-source', '--import', 'tsx', ...nodeFlags, script, ...args];
  const quoted = node.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  // `ulimit` must run in the child's shell before node starts; stdio 'ipc' keeps process.send working through exec.
  return spawn('bash', ['-c', `ulimit -n ${FD_LIMIT} && exec ${quoted}`], {
    env,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
}

/** Messages of one child, in arrival order, with a way to wait for the next of a type. */
function inbox<M extends { type: string }>(child: ChildProcess) {
  const messages: M[] = [];
  child.on('message', (message: M) => messages.push(message));
  return {
    latest: <T extends M['type']>(type: T) =>
      messages.findLast((m) => m.type === type) as Extract<M, { type: T }> | undefined,
    async next<T extends M['type']>(type: T, after = 0): Promise<Extract<M, { type: T }>> {
      const found = () => messages.slice(after).find((m) => m.type === type);
      await until(() => found() !== undefined || child.exitCode !== null, 180_000);
      const message = found();
      if (!message) throw new Error(`child ended or timed out before sending ${type}`);
      return message as Extract<M, { type: T }>;
    },
    count: () => messages.length,
  };
}

interface Result {
  kind: ServerKind;
  kv: KvKind | '—';
  clients: number;
  held: number;
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  /** RSS growth per held stream, bytes. */
  rssPerStream: number;
  heapPerStream: number;
}

async function measure(
  kind: ServerKind,
  kv: KvKind | '—',
  clientCount: number,
  options: Options,
  redisUrl: string | undefined,
): Promise<Result> {
  const users = Math.ceil(clientCount / STREAMS_PER_USER);
  const env: NodeJS.ProcessEnv = { ...process.env, REDIS_URL: kv === 'redis' ? redisUrl : '' };
  // Tracing as main.ts loads it (`import '@kadr/telemetry/register'` first); the bare baseline has none.
  const flags = ['--expose-gc', ...(kind === 'gateway' ? ['--import', '@kadr/telemetry/register'] : [])];
  if (kind === 'gateway' && options.profileDir) flags.push('--cpu-prof', `--cpu-prof-dir=${options.profileDir}`);
  const server = forkTs(path.join(__dirname, 'bench-server.ts'), [kind, String(users)], env, flags);
  const fromServer = inbox<FromServer>(server);
  const tell = (message: ToServer) => server.send(message);
  const processes = options.clientProcs ?? Math.ceil(clientCount / STREAMS_PER_CLIENT_PROCESS);
  const clients: ChildProcess[] = [];
  try {
    const ready = await fromServer.next('ready');
    const inboxes = Array.from({ length: processes }, () => {
      const child = forkTs(path.join(__dirname, 'clients.ts'), [], process.env);
      clients.push(child);
      return inbox<FromClients>(child);
    });
    const progress = () => inboxes.map((box) => box.latest('progress') ?? { held: 0, arrived: 0 });
    const held = () => progress().reduce((sum, p) => sum + p.held, 0);
    /** Opens streams [from, to) (spread over the client processes), waits until they are held, reads the server's memory. */
    const openStreams = async (from: number, to: number) => {
      clients.forEach((child, p) => {
        const streams: Array<{ user: number; cookie: string }> = [];
        for (let i = from + p; i < to; i += processes) {
          const user = i % users;
          streams.push({ user, cookie: ready.cookies[user]! });
        }
        child.send({ type: 'open', url: ready.url, streams } satisfies ToClients);
      });
      await until(() => held() >= to, CONNECT_DEADLINE_MS);
      // Let the last connections finish their set-up (replay read, session check) before reading memory.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const seen = fromServer.count();
      const snapshot = kind === 'gateway' && to === clientCount ? options.heapSnapshotDir : undefined;
      tell(snapshot ? { type: 'snapshot', dir: snapshot } : { type: 'memory' });
      return { held: held(), memory: (await fromServer.next('memory', seen)).memory };
    };
    // Memory per stream is the growth from the first half of the streams to all of them: what one
    // more stream costs, without the start-up (module loading, first-use caches) in it.
    const half = await openStreams(0, Math.floor(clientCount / 2));
    const all = await openStreams(Math.floor(clientCount / 2), clientCount);
    const heldCount = all.held;

    tell({ type: 'publish', rounds: options.rounds, intervalMs: options.intervalMs });
    const { times } = await fromServer.next('published');
    const expected = heldCount * options.rounds;
    await until(() => progress().reduce((sum, p) => sum + p.arrived, 0) >= expected, DELIVERY_DEADLINE_MS);

    const latencies: number[] = [];
    for (const [p, child] of clients.entries()) {
      const before = inboxes[p]!.count();
      child.send({ type: 'collect' } satisfies ToClients);
      const { arrivals } = await inboxes[p]!.next('arrivals', before);
      for (let i = 0; i + 2 < arrivals.length; i += 3) {
        const published = times[arrivals[i]!]?.[arrivals[i + 1]!];
        if (published) latencies.push(arrivals[i + 2]! - published);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      kind,
      kv,
      clients: clientCount,
      held: heldCount,
      delivered: latencies.length,
      expected,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      ...perStream(half.memory, all.memory, all.held - half.held),
    };
  } finally {
    await Promise.all(clients.map((child) => stopChild(child, { type: 'close' })));
    await stopChild(server, { type: 'stop' });
  }
}

function perStream(before: MemoryReading, after: MemoryReading, streams: number) {
  return {
    rssPerStream: (after.rss - before.rss) / streams,
    heapPerStream: (after.heapUsed - before.heapUsed) / streams,
  };
}

async function stopChild(child: ChildProcess, goodbye: object): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.send(goodbye);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A loopback port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Debian's redis-server on a free loopback port, no persistence; stopped by its PID. */
async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let log = '';
  redis.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  if (!(await until(() => log.includes('Ready to accept connections'), 10_000))) {
    redis.kill();
    throw new Error(`redis-server did not start:\n${log}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => redis.once('exit', resolve));
      process.kill(redis.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** The gateway child inherits OTEL_* from this process (@kadr/telemetry reads OTEL_TRACES_SAMPLER / _ARG). */
function samplerInEffect(): string {
  if (process.env.OTEL_SDK_DISABLED === 'true') return 'OTEL_SDK_DISABLED=true (no spans)';
  const sampler = process.env.OTEL_TRACES_SAMPLER;
  if (!sampler) return 'sampler: the SDK default (parentbased_always_on)';
  return `sampler: ${sampler}${process.env.OTEL_TRACES_SAMPLER_ARG ? ` ${process.env.OTEL_TRACES_SAMPLER_ARG}` : ''}`;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

function row(result: Result, baseline: Result): string {
  const vs = (pick: (r: Result) => number) => (result === baseline ? '1.00×' : ratio(pick(result), pick(baseline)));
  return (
    `| ${result.clients} | ${result.kind} | ${result.kv} | ${result.held} | ${result.delivered}/${result.expected} | ` +
    `${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${vs((r) => r.p50)} | ${vs((r) => r.p99)} | ` +
    `${kib(result.rssPerStream)} | ${vs((r) => r.rssPerStream)} | ${kib(result.heapPerStream)} |`
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  console.log(
    `SSE bench: ${options.rounds} rounds every ${options.intervalMs} ms, ${STREAMS_PER_USER} streams per user, ` +
      `one event per user per round; kv ${options.kv.join(', ')}; gateway with tracing loaded, ${samplerInEffect()}\n`,
  );
  const redis = options.kv.includes('redis') ? await startRedis() : undefined;
  const rows: string[] = [
    '| clients | server | kv | held | delivered | p50 | p99 | max | p50 vs baseline | p99 vs baseline | RSS / stream | RSS vs baseline | heap / stream |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const loads: number[] = [];
  try {
    for (const clients of options.clients) {
      const baseline = await measure('baseline', '—', clients, options, undefined);
      loads.push(os.loadavg()[0]!);
      rows.push(row(baseline, baseline));
      console.log(rows.at(-1));
      for (const kv of options.kv) {
        const gateway = await measure('gateway', kv, clients, options, redis?.url);
        loads.push(os.loadavg()[0]!);
        rows.push(row(gateway, baseline));
        console.log(rows.at(-1));
      }
    }
  } finally {
    await redis?.stop();
  }
  console.log(`\n${rows.join('\n')}`);
  console.log(
    `\n1-minute load average after each measurement: ${loads.map((load) => load.toFixed(2)).join(', ')} (${os.cpus().length} cores)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
