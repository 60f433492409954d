/**
 * The two servers of the gateway benchmark that run in processes of their own (forked by run.ts,
 * so the load generator does not share their event loop), announcing their URL over IPC:
 *
 * - `gateway`: the auth-gateway as its own process, composed as in production (the request
 *   pipeline, sessions, guards, rate limits, idempotency, the proxy), tracing loaded first and
 *   exporting over OTLP as `main.ts` does, info logs to a file; memory adapters, one session made
 *   directly in its store (a bench-only shortcut past the sign-in flow).
 * - `bare`: the baseline: a bare node:http server forwarding the same GET through an undici pool
 *   with a fixed internal token, nothing else.
 *
 *   node --conditions=kadr-source --import tsx bench/gateway/servers.ts gateway|bare
 */
import '@kadr/telemetry/register';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { MemoryEventBus } from '@kadr/event-bus';
import { MemoryKeyValueStore } from '@kadr/kv-store';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { composeAuthGateway, gatewayConfigSchema, KEY_PREFIX } from '@kadr/auth-gateway';
import { MemoryUserRepository, SessionStore } from '@kadr/auth-gateway/testing';

export type ServerMessage = { type: 'ready'; url: string; cookie?: string };

/** What run.ts hands a server in its environment. */
export interface ServerEnv {
  BENCH_COMMERCE_URL: string;
  /** The bare proxy's internal token (minted by run.ts, long-lived). */
  BENCH_TOKEN: string;
  /** The session's user, JSON: the signed-in user of the embedded stack. */
  BENCH_USER: string;
}

const env = process.env as NodeJS.ProcessEnv & Partial<ServerEnv>;
const PLATFORM_PREFIX = '/bff/platform';

async function listen(server: http.Server): Promise<string> {
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startBare(): Promise<ServerMessage> {
  const upstream = new Pool(env.BENCH_COMMERCE_URL!, { connections: 128 });
  const authorization = `Bearer ${env.BENCH_TOKEN}`;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').slice(PLATFORM_PREFIX.length);
    upstream
      .request({ method: 'GET', path, headers: { authorization, accept: req.headers.accept ?? '*/*' } })
      .then(({ statusCode, headers, body }) => {
        res.writeHead(statusCode, {
          'content-type': String(headers['content-type'] ?? ''),
          'content-length': String(headers['content-length'] ?? ''),
        });
        body.pipe(res);
      })
      .catch(() => {
        res.writeHead(502).end();
      });
  });
  return { type: 'ready', url: await listen(server) };
}

async function startGateway(): Promise<ServerMessage> {
  const config = gatewayConfigSchema.parse({
    NODE_ENV: 'production',
    INTERNAL_TOKEN_SECRET: process.env.INTERNAL_TOKEN_SECRET,
    PUBLIC_URL: 'http://127.0.0.1',
    // Never contacted: the session is made directly in the store.
    OIDC_ISSUER_URL: 'http://127.0.0.1:9/',
    COMMERCE_URL: env.BENCH_COMMERCE_URL,
    RATE_LIMIT_USER_PER_MINUTE: '100000000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });
  const logger = createLogger({ service: 'auth-gateway', level: config.LOG_LEVEL });
  const metrics = createMetrics({ service: 'auth-gateway' });
  const kv = new MemoryKeyValueStore({ keyPrefix: KEY_PREFIX });
  const users = await MemoryUserRepository.create();
  const gateway = composeAuthGateway({
    config,
    adapters: { keyValueStore: kv, eventBus: new MemoryEventBus(), users },
    logger,
    metrics,
  });
  await gateway.startBackground();
  const sessions = new SessionStore(kv, { idleTtlMs: 3_600_000, absoluteTtlMs: 3_600_000 });
  const session = await sessions.create(JSON.parse(env.BENCH_USER!) as Parameters<SessionStore['create']>[0]);
  const server = http.createServer(gateway.app);
  const url = await listen(server);
  return { type: 'ready', url, cookie: `kadr_session=${session.id}` };
}

void (process.argv[2] === 'gateway' ? startGateway() : startBare()).then((message) => process.send?.(message));
process.on('message', () => process.exit(0));
