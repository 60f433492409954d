/**
 * SSE benchmark (issue 7): how many concurrent live-update clients one gateway process holds
 * on loopback, and the latency from publishing an event on the bus to its arrival at the
 * client, against a bare node:http server writing the same events directly — both measured
 * in the same run. Not part of the test suite; it stops by itself.
 *
 *   node --conditions=kadr-source --import tsx bench/sse/run.ts [--clients 200,1000] [--rounds 20] [--interval 100]
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FromServer, ServerKind, ToServer } from './bench-server';

/** Streams per user: the gateway's default per-user limit, so the shared per-user subscription is exercised. */
const STREAMS_PER_USER = 5;
const CONNECT_DEADLINE_MS = 60_000;
const DELIVERY_DEADLINE_MS = 60_000;

interface Options {
  clients: number[];
  rounds: number;
  intervalMs: number;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at === -1 ? undefined : argv[at + 1];
  };
  return {
    clients: (value('clients') ?? '200,1000').split(',').map(Number),
    rounds: Number(value('rounds') ?? 20),
    intervalMs: Number(value('interval') ?? 100),
  };
}

const now = () => performance.timeOrigin + performance.now();

interface Client {
  connected: boolean;
  /** Arrival time per round. */
  arrivals: number[];
  req: http.ClientRequest;
}

function connect(url: string, cookie: string): Client {
  const client: Client = { connected: false, arrivals: [], req: undefined as never };
  client.req = http.get(
    new URL('/bff/sse/jobs', url),
    { headers: { cookie, accept: 'text/event-stream' }, agent: false },
    (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const arrived = now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: connected')) client.connected = true;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes('event: credits') && data) {
            const { balance } = JSON.parse(data) as { balance: number };
            client.arrivals[balance] = arrived;
          }
        }
      });
    },
  );
  client.req.on('error', () => undefined);
  return client;
}

async function until(check: () => boolean, deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Result {
  kind: ServerKind;
  clients: number;
  held: number;
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
}

async function measure(kind: ServerKind, clientCount: number, options: Options): Promise<Result> {
  const users = Math.ceil(clientCount / STREAMS_PER_USER);
  const child: ChildProcess = fork(path.join(__dirname, 'bench-server.ts'), [kind, String(users)], {
    execArgv: ['--conditions=kadr-source', '--import', 'tsx'],
  });
  const messages: FromServer[] = [];
  child.on('message', (message: FromServer) => messages.push(message));
  const next = async <T extends FromServer['type']>(type: T) => {
    await until(() => messages.some((m) => m.type === type), 120_000);
    return messages.find((m) => m.type === type) as Extract<FromServer, { type: T }>;
  };
  const tell = (message: ToServer) => child.send(message);
  try {
    const ready = await next('ready');
    const clients: Array<{ user: number; client: Client }> = [];
    for (let i = 0; i < clientCount; i++) {
      const user = i % users;
      clients.push({ user, client: connect(ready.url, ready.cookies[user]!) });
      // A little pacing, as browsers arriving, rather than one SYN flood.
      if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await until(() => clients.every(({ client }) => client.connected), CONNECT_DEADLINE_MS);
    const held = clients.filter(({ client }) => client.connected).length;

    tell({ type: 'publish', rounds: options.rounds, intervalMs: options.intervalMs });
    const { times } = await next('published');
    const expected = held * options.rounds;
    const arrived = () =>
      clients.reduce((sum, { client }) => sum + (client.connected ? client.arrivals.filter(Boolean).length : 0), 0);
    await until(() => arrived() >= expected, DELIVERY_DEADLINE_MS);

    const latencies: number[] = [];
    for (const { user, client } of clients) {
      client.arrivals.forEach((at, round) => {
        const published = times[user]?.[round];
        if (at && published) latencies.push(at - published);
      });
    }
    latencies.sort((a, b) => a - b);
    for (const { client } of clients) client.req.destroy();
    return {
      kind,
      clients: clientCount,
      held,
      delivered: latencies.length,
      expected,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
    };
  } finally {
    tell({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  console.log(
    `SSE bench: ${options.rounds} rounds every ${options.intervalMs} ms, ${STREAMS_PER_USER} streams per user, one event per user per round\n`,
  );
  const rows: string[] = [
    '| clients | server | held | delivered | p50 | p99 | max | p50 vs baseline | p99 vs baseline |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const clients of options.clients) {
    const baseline = await measure('baseline', clients, options);
    const gateway = await measure('gateway', clients, options);
    for (const result of [baseline, gateway]) {
      const vs =
        result.kind === 'baseline'
          ? ['1.00×', '1.00×']
          : [ratio(result.p50, baseline.p50), ratio(result.p99, baseline.p99)];
      rows.push(
        `| ${clients} | ${result.kind} | ${result.held} | ${result.delivered}/${result.expected} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${vs[0]} | ${vs[1]} |`,
      );
    }
    console.log(rows.slice(-2).join('\n'));
  }
  console.log(`\n${rows.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
