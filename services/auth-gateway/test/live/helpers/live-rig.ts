import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { encodeEvent, JobProgressKind, JobStatus, timestampFromDate, type EventPayloadInit } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import type { KeyValueStore } from '@kadr/kv-store';
import { createLogger, createMetrics, type ServiceMetrics } from '@kadr/telemetry';
import { gatewayConfigSchema } from '../../../src/config';
import { SessionStore } from '../../../src/data-access/sessions/session-store';
import { MemoryUserRepository } from '../../../src/data-access/users/memory-user.repository';
import type { LiveUpdatesOptions } from '../../../src/entry-points/http/07-live/live-updates';
import { SESSION_COOKIE } from '../../../src/entry-points/http/03-session/cookies';
import { composeAuthGateway, type ComposedGateway } from '../../../src/service';
import { echoPipeline, TEST_SECRET } from '../../identity/helpers/identity-rig';

export interface LiveReplica {
  url: string;
  gateway: ComposedGateway;
  metrics: ServiceMetrics;
  /** What `startAuthGateway(...).stop()` does: drain the streams, close the server, stop the background work. */
  shutDown(): Promise<void>;
}

export interface LiveRig {
  replicas: LiveReplica[];
  bus: MemoryEventBus;
  /**
   * A real session (in the shared store, loaded by the real session middleware): the cookie
   * header and the CSRF token. `lifetimeMs`: the session expires that long from now.
   */
  signIn(userId?: string, options?: { lifetimeMs?: number }): Promise<SignedIn>;
  publishCreated(userId: string, jobId: string, createdAt?: Date): Promise<void>;
  publishProgress(userId: string, jobId: string, kind: JobProgressKind, progress: number): Promise<void>;
  publishCredits(userId: string, balance: number, heldCredits: number): Promise<void>;
  close(): Promise<void>;
}

export interface SignedIn {
  userId: string;
  cookie: string;
  csrfToken: string;
  /** When the session expires (epoch ms). */
  expiresAt: number;
}

export interface LiveRigOptions {
  replicas?: number;
  /** One connection per replica to the shared key-value data (and one for the rig's sessions). */
  connect: () => Promise<KeyValueStore>;
  live?: Partial<LiveUpdatesOptions>;
}

const STATUS_OF: Record<JobProgressKind, JobStatus> = {
  [JobProgressKind.UNSPECIFIED]: JobStatus.UNSPECIFIED,
  [JobProgressKind.QUEUED]: JobStatus.PENDING,
  [JobProgressKind.STARTED]: JobStatus.PROCESSING,
  [JobProgressKind.PROGRESS]: JobStatus.PROCESSING,
  [JobProgressKind.COMPLETED]: JobStatus.COMPLETED,
  [JobProgressKind.FAILED]: JobStatus.FAILED,
  [JobProgressKind.CANCELLED]: JobStatus.CANCELLED,
};

/**
 * Gateway replicas as separate compositions (own app, own HTTP server on a free port, own
 * key-value connection, own consumers) on one shared key-value store and one event bus — as
 * replicas are on one Redis and one Kafka. Each is composed by `composeAuthGateway`, so the
 * real session middleware and guards sit in front of `/bff/sse/jobs`; sessions are created
 * directly in the shared store (the sign-in flow itself is tested elsewhere).
 */
export async function startLiveRig(options: LiveRigOptions): Promise<LiveRig> {
  const bus = new MemoryEventBus();
  const closers: Array<() => Promise<void>> = [];
  const replicas: LiveReplica[] = [];
  const logger = createLogger({ service: 'auth-gateway', level: 'silent' });
  const sessionKv = await options.connect();
  closers.push(() => sessionKv.close());

  for (let i = 0; i < (options.replicas ?? 2); i++) {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = gatewayConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_TOKEN_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: url,
    });
    const kv = await options.connect();
    const users = await MemoryUserRepository.create();
    const metrics = createMetrics({ service: 'auth-gateway', defaultMetrics: false });
    const gateway = composeAuthGateway(
      { config, adapters: { keyValueStore: kv, eventBus: bus, users }, logger, metrics, live: options.live },
      echoPipeline,
    );
    await gateway.startBackground();
    server.on('request', gateway.app);
    let down: Promise<void> | undefined;
    const shutDown = () =>
      (down ??= (async () => {
        gateway.drain();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await gateway.stop();
        await kv.close();
        await users.close();
      })());
    closers.unshift(async () => {
      server.closeAllConnections();
      await shutDown();
    });
    replicas.push({ url, gateway, metrics, shutDown });
  }
  const sessions = new SessionStore(sessionKv, { idleTtlMs: 3_600_000, absoluteTtlMs: 3_600_000 });

  const publish = async (payload: EventPayloadInit) => {
    const event = encodeEvent(payload, { producer: 'test', correlationId: randomUUID() });
    await bus.publish(event.topic, [event]);
  };

  return {
    replicas,
    bus,
    async signIn(userId = `user-${randomUUID()}`, { lifetimeMs } = {}) {
      const store = lifetimeMs
        ? new SessionStore(sessionKv, { idleTtlMs: lifetimeMs, absoluteTtlMs: lifetimeMs })
        : sessions;
      const session = await store.create({
        id: userId,
        email: `${userId}@example.test`,
        name: userId,
        roles: ['user'],
        permissions: [],
        tenantId: null,
      });
      return {
        userId,
        cookie: `${SESSION_COOKIE}=${session.id}`,
        csrfToken: session.csrfToken,
        expiresAt: session.absoluteExpiresAt,
      };
    },
    publishCreated: (userId, jobId, createdAt = new Date()) =>
      publish({ case: 'jobCreated', value: { jobId, userId, createdAt: timestampFromDate(createdAt) } }),
    publishProgress: (userId, jobId, kind, progress) =>
      publish({
        case: 'jobProgress',
        value: { jobId, userId, kind, progress, status: STATUS_OF[kind], occurredAt: timestampFromDate(new Date()) },
      }),
    publishCredits: (userId, balance, heldCredits) =>
      publish({
        case: 'creditsChanged',
        value: { userId, balance, heldCredits, currency: 'credits', changedAt: timestampFromDate(new Date()) },
      }),
    async close() {
      for (const close of closers) await close();
      await bus.close();
    },
  };
}

/** `promise`, or a failure naming `what` once `deadlineMs` passed first (a bound, not a measurement). */
export async function within<T>(promise: Promise<T>, deadlineMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${deadlineMs} ms`)), deadlineMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls until `check` holds, or fails after the deadline. */
export async function until(check: () => boolean | Promise<boolean>, what: string, deadlineMs = 5_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
