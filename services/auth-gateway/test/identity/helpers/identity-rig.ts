import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import { MemoryEventBus } from '@kadr/event-bus';
import { MemoryKeyValueStore } from '@kadr/kv-store';
import { createLogger, createMetrics, type ServiceMetrics } from '@kadr/telemetry';
import { gatewayConfigSchema, type GatewayConfig } from '../../../src/config';
import { MemoryUserRepository } from '../../../src/data-access/users/memory-user.repository';
import { startDevIdentityProvider, type RunningDevIdentityProvider } from '../../../src/dev-identity-provider';
import { sessionOf } from '../../../src/entry-points/http/03-session/request-context';
import type { PipelineFactory } from '../../../src/entry-points/http';
import { composeAuthGateway, type ComposedGateway } from '../../../src/service';
import { formAction, type TestBrowser } from './browser';

export const TEST_SECRET = 'test-only-internal-secret-0123456789abcdef';
export const DEMO_EMAIL = 'demo@kadr.local';
export const ADMIN_EMAIL = 'admin@kadr.local';

/** Stands in for the request pipeline: any `/bff` request that passes the guards answers who it reached as. */
export const echoPipeline: PipelineFactory = () => ({
  routes: [
    Router().use('/bff', (req, res) => {
      res.json({ reached: true, method: req.method, path: req.originalUrl, user: sessionOf(res)?.user ?? null });
    }),
  ],
});

export interface IdentityRig {
  gatewayUrl: string;
  /** The gateway's host, for the browser's cookie jar. */
  host: string;
  provider: RunningDevIdentityProvider;
  config: GatewayConfig;
  bus: MemoryEventBus;
  kv: MemoryKeyValueStore;
  users: MemoryUserRepository;
  gateway: ComposedGateway;
  /** The gateway's metrics (the registry /metrics serves). */
  metrics: ServiceMetrics;
  close(): Promise<void>;
}

export interface IdentityRigOptions {
  env?: Record<string, string>;
  pipeline?: PipelineFactory;
  /** Start the outbox relay and the `user.deleted` consumer (default true). */
  background?: boolean;
  /** A start-up that should not see a working provider (e.g. an unreachable issuer). */
  issuerOverride?: string;
}

/**
 * The gateway (real HTTP on 127.0.0.1, memory adapters) and the development identity provider
 * (its own HTTP server), both on free ports. The gateway's socket is bound before its app is
 * built, because PUBLIC_URL (redirect URI, same-origin check) must name the real port.
 */
export async function startIdentityRig(options: IdentityRigOptions = {}): Promise<IdentityRig> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = await startDevIdentityProvider({
    port: 0,
    host: '127.0.0.1',
    clients: [{ client_id: 'kadr-web', redirect_uris: [`${gatewayUrl}/auth/callback`] }],
    accounts: [{ email: DEMO_EMAIL, name: 'Demo User' }],
    adminEmail: ADMIN_EMAIL,
  });

  const config = gatewayConfigSchema.parse({
    NODE_ENV: 'test',
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: gatewayUrl,
    OIDC_ISSUER_URL: options.issuerOverride ?? provider.issuer,
    OIDC_CLIENT_ID: 'kadr-web',
    ADMIN_EMAIL,
    ...options.env,
  });
  const logger = createLogger({ service: 'auth-gateway', level: 'silent' });
  const metrics = createMetrics({ service: 'auth-gateway', defaultMetrics: false });
  const bus = new MemoryEventBus();
  const kv = new MemoryKeyValueStore({ keyPrefix: 'auth-gateway:' });
  const users = await MemoryUserRepository.create();
  const gateway = composeAuthGateway(
    { config, adapters: { keyValueStore: kv, eventBus: bus, users }, logger, metrics },
    options.pipeline ?? echoPipeline,
  );
  if (options.background ?? true) await gateway.startBackground();
  server.on('request', gateway.app);

  return {
    gatewayUrl,
    host: '127.0.0.1',
    provider,
    config,
    bus,
    kv,
    users,
    gateway,
    metrics,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await gateway.stop();
      await provider.stop();
      await bus.close();
      await kv.close();
      await users.close();
    },
  };
}

/** Opens `/auth/login` and follows the redirects to the provider's sign-in page. */
export async function openSignInPage(
  browser: TestBrowser,
  rig: IdentityRig,
  returnTo?: string,
): Promise<{ url: URL; html: string }> {
  const start = new URL('/auth/login', rig.gatewayUrl);
  if (returnTo !== undefined) start.searchParams.set('returnTo', returnTo);
  const page = await browser.follow(start);
  if (!page.response || page.response.status !== 200 || !page.url.href.startsWith(rig.provider.issuer)) {
    throw new Error(`expected the provider's sign-in page, got ${page.response?.status} at ${page.url.href}`);
  }
  return { url: page.url, html: await page.response.text() };
}

/** Where the browser is sent once the gateway's callback has answered (outside `/auth`). */
export const leftTheCallback = (rig: IdentityRig) => (url: URL) =>
  url.origin === rig.gatewayUrl && !url.pathname.startsWith('/auth/');

/**
 * The whole sign-in as a person does it: `/auth/login` → provider → sign-in page → submit the
 * e-mail (the demo buttons submit exactly their `email` value) → provider → `/auth/callback`.
 * Resolves with where the gateway finally sent the browser.
 */
export async function signInThroughProvider(
  browser: TestBrowser,
  rig: IdentityRig,
  email: string,
  returnTo?: string,
): Promise<URL> {
  const page = await openSignInPage(browser, rig, returnTo);
  const landed = await browser.submitForm(formAction(page.html, page.url, '/login'), { email }, leftTheCallback(rig));
  return landed.url;
}

/** Headers of a same-site state-changing request from the web app. */
export function webAppHeaders(browser: TestBrowser, rig: IdentityRig, extra: Record<string, string> = {}) {
  return {
    'x-csrf-token': browser.cookie(rig.host, 'kadr_csrf') ?? '',
    origin: rig.gatewayUrl,
    'content-type': 'application/json',
    ...extra,
  };
}
