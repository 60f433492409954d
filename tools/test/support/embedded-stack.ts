/**
 * The embedded product on free ports for repository-wide API tests, with each service's express
 * app at hand: the servers are caught as they are created, so the route lists are the ones that
 * really answer (not a copy kept next to them).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@kadr/telemetry';
import { startEmbedded, type RunningEmbedded } from '../../launcher/compose-embedded';
import { freePortPair } from '@kadr/tooling/test-helpers';

export interface EmbeddedStack {
  base: string;
  /** The request handler behind each component's URL (`auth-gateway`, `jobs`, `commerce`…). */
  handlers: Map<string, http.RequestListener>;
  /** The process's one `/metrics` listener (every service's registry; never on the public port). */
  metricsUrl: string;
  /** What the launcher started, by name and URL (e.g. `mail-catcher`). */
  components: RunningEmbedded['components'];
  stop(): Promise<void>;
}

export async function startEmbeddedStack(extraEnv: NodeJS.ProcessEnv = {}): Promise<EmbeddedStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-api-'));
  const port = await freePortPair();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ...extraEnv,
  };
  for (const name of ['REDIS_URL', 'MONGODB_URI', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'OIDC_ISSUER_URL', 'SMTP_URL']) {
    delete env[name];
  }

  const servers: { server: http.Server; handler: http.RequestListener }[] = [];
  const createServer = http.createServer.bind(http) as (...args: unknown[]) => http.Server;
  const spy = jest.spyOn(http, 'createServer').mockImplementation((...args: unknown[]) => {
    const server = createServer(...args);
    const handler = args.find((arg) => typeof arg === 'function') as http.RequestListener | undefined;
    if (handler) servers.push({ server, handler });
    return server;
  });

  let kadr: RunningEmbedded;
  try {
    kadr = await startEmbedded(env, createLogger({ service: 'kadr-api-test', level: 'silent' }));
  } finally {
    spy.mockRestore();
  }
  const portOf = (server: http.Server) => (server.address() as AddressInfo | null)?.port;
  const handlers = new Map<string, http.RequestListener>();
  for (const { name, url } of [{ name: 'auth-gateway', url: base }, ...kadr.components]) {
    if (!url.startsWith('http')) continue;
    const found = servers.find(({ server }) => portOf(server) === Number(new URL(url).port));
    if (found) handlers.set(name, found.handler);
  }
  return {
    base,
    handlers,
    metricsUrl: kadr.metricsUrl,
    components: kadr.components,
    stop: async () => {
      await kadr.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
