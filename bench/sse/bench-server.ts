/**
 * The server side of the SSE benchmark, in its own process (so the clients do not share its
 * CPU): either a bare node:http server writing events straight to the streams (`baseline`), or
 * the auth-gateway (`gateway`) on the memory bus and the key-value store of `REDIS_URL` (unset:
 * memory), where each event is published on the bus and travels consumer → replay log → channel
 * → connection. The gateway child is started with `--import @kadr/telemetry/register`, as
 * main.ts loads tracing in production. Driven by the parent over IPC.
 *
 *   bench-server.ts <baseline|gateway> <users>        (run with --expose-gc: memory is read after a GC)
 */
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { encodeEvent, timestampFromDate } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import { keyValueStoreFromEnvironment } from '@kadr/kv-store';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { composeAuthGateway, gatewayConfigSchema, KEY_PREFIX } from '@kadr/auth-gateway';
// Internal parts, for a bench only: sessions are created directly in the store (no sign-in flow).
import { MemoryUserRepository, SessionStore } from '@kadr/auth-gateway/testing';

export type ServerKind = 'baseline' | 'gateway';

export type ToServer =
  | { type: 'publish'; rounds: number; intervalMs: number }
  | { type: 'memory' }
  /** Writes a heap snapshot into `dir` (what the open streams hold, by object), then answers `memory`. */
  | { type: 'snapshot'; dir: string }
  | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; url: string; cookies: string[] }
  | { type: 'published'; times: number[][] }
  | { type: 'memory'; memory: MemoryReading; open: number };

export interface MemoryReading {
  rss: number;
  heapUsed: number;
  external: number;
}

/** After two full collections, so what is left is what the open streams hold. */
function readMemory(): MemoryReading {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external: external + arrayBuffers };
}

/** Both servers: a deep accept queue, so thousands of clients arriving within seconds are not dropped and retried after 1 s. */
const BACKLOG = 4096;

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromServer) => process.send?.(message);

interface Server {
  url: string;
  cookies: string[];
  /** Publishes one event to user `user` carrying `round`. */
  publish(user: number, round: number): Promise<void>;
  open(): number;
}

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** What every stream of either server writes for one event (the gateway's `credits` event shape). */
const frame = (id: string, user: number, round: number) =>
  `id: ${id}\nevent: credits\ndata: ${JSON.stringify({ balance: round, heldCredits: user, currency: 'credits' })}\n\n`;

async function startBaseline(users: number): Promise<Server> {
  const streams = new Map<number, Set<http.ServerResponse>>();
  let seq = 0;
  const { url } = await listen((req, res) => {
    const user = Number(/user=(\d+)/.exec(req.headers.cookie ?? '')?.[1]);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('id: 0-0\nevent: connected\ndata: {}\n\n');
    let set = streams.get(user);
    if (!set) streams.set(user, (set = new Set()));
    set.add(res);
    res.on('close', () => set.delete(res));
  });
  return {
    url,
    cookies: Array.from({ length: users }, (_, user) => `user=${user}`),
    publish(user, round) {
      const text = frame(`${Date.now()}-${seq++}`, user, round);
      for (const res of streams.get(user) ?? []) res.write(text);
      return Promise.resolve();
    },
    open: () => [...streams.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

async function startGateway(users: number): Promise<Server> {
  const logger = createLogger({ service: 'auth-gateway', level: 'silent' });
  const metrics = createMetrics({ service: 'auth-gateway', defaultMetrics: false });
  const bus = new MemoryEventBus();
  // As adapters.ts opens it: REDIS_URL → Redis, else memory; measured in the registry either way.
  const kv = keyValueStoreFromEnvironment(process.env.REDIS_URL || undefined, {
    keyPrefix: KEY_PREFIX,
    registry: metrics.registry,
  });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = gatewayConfigSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN_SECRET: 'bench-only-internal-secret-0123456789abcdef',
    PUBLIC_URL: url,
    RATE_LIMIT_USER_PER_MINUTE: '100000',
  });
  const gateway = composeAuthGateway(
    {
      config,
      adapters: { keyValueStore: kv, eventBus: bus, users: await MemoryUserRepository.create() },
      logger,
      metrics,
    },
    () => ({}),
  );
  await gateway.startBackground();
  server.on('request', gateway.app);
  const sessions = new SessionStore(kv, { idleTtlMs: 3_600_000, absoluteTtlMs: 3_600_000 });
  const cookies: string[] = [];
  for (let user = 0; user < users; user++) {
    const session = await sessions.create({
      id: `bench-user-${user}`,
      email: `bench-${user}@example.test`,
      name: `Bench ${user}`,
      roles: ['user'],
      permissions: [],
      tenantId: null,
    });
    cookies.push(`kadr_session=${session.id}`);
  }
  return {
    url,
    cookies,
    async publish(user, round) {
      const event = encodeEvent(
        {
          case: 'creditsChanged',
          value: {
            userId: `bench-user-${user}`,
            balance: round,
            heldCredits: user,
            currency: 'credits',
            changedAt: timestampFromDate(new Date()),
          },
        },
        { producer: 'bench', correlationId: `bench-${user}-${round}` },
      );
      await bus.publish(event.topic, [event]);
    },
    open: () => gateway.live.connections.size,
  };
}

async function main(): Promise<void> {
  const kind = process.argv[2] as ServerKind;
  const users = Number(process.argv[3]);
  const server = kind === 'gateway' ? await startGateway(users) : await startBaseline(users);
  process.on('message', (message: ToServer) => {
    if (message.type === 'stop') process.exit(0);
    if (message.type === 'memory' || message.type === 'snapshot') {
      if (message.type === 'snapshot') v8.writeHeapSnapshot(path.join(message.dir, `sse-${process.pid}.heapsnapshot`));
      send({ type: 'memory', memory: readMemory(), open: server.open() });
      return;
    }
    void (async () => {
      const times: number[][] = Array.from({ length: users }, () => []);
      for (let round = 0; round < message.rounds; round++) {
        const started = now();
        for (let user = 0; user < users; user++) {
          times[user]![round] = now();
          await server.publish(user, round);
        }
        const spent = now() - started;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, message.intervalMs - spent)));
      }
      send({ type: 'published', times });
    })();
  });
  send({ type: 'ready', url: server.url, cookies: server.cookies });
}

void main();
