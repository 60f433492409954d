import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import type { AdminJobView, AdminOrder, JobEvent } from '@kadr/contracts';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { verifyInternalToken, type InternalCaller, type InternalTokenKeys } from '@kadr/http-kit';

export interface RecordedCall {
  method: string;
  path: string;
  caller: InternalCaller;
  body: unknown;
}

export interface FakeUpstream {
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

export function adminJobView(id: string, userId: string, overrides: Partial<AdminJobView> = {}): AdminJobView {
  return {
    id,
    userId,
    kind: 'generate',
    sourceJobId: null,
    status: 'FAILED',
    progress: 40,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:01:00.000Z',
    prompt: 'a cat on a boat',
    modelId: 'local-standard',
    provider: 'local',
    duration: 5,
    quality: 'Standard',
    speed: 'Normal',
    aspectRatio: '16:9',
    width: 1280,
    height: 720,
    seed: 42,
    negativePrompt: null,
    cost: 10,
    chargedFrom: 'credits',
    attempt: 1,
    errorCode: 'aiproxy_error',
    errorMessage: null,
    completedAt: null,
    output: null,
    ...overrides,
  };
}

/** An order as commerce shows it to the administrator: a paid 100-credit package unless overridden. */
export function adminOrder(id: string, userId: string, overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id,
    userId,
    status: 'paid',
    kind: 'package',
    packageId: 'credits-100',
    planId: null,
    credits: 100,
    price: { amountMinor: 1900, currency: 'PLN' },
    provider: 'mock',
    paymentUrl: '',
    createdAt: '2026-03-01T10:00:00.000Z',
    paidAt: '2026-03-01T10:01:00.000Z',
    chargeback: null,
    ...overrides,
  };
}

const jobEvent: JobEvent = {
  at: '2026-03-01T10:00:00.000Z',
  kind: 'created',
  status: 'PENDING',
  progress: 0,
  attempt: 0,
  message: '',
  errorCode: null,
  actor: 'user-1',
};

const problem = (res: Response, status: number, reason: string, detail: string) =>
  res
    .status(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: `/problems/${reason}`, title: reason, status, detail }));

async function listen(app: express.Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

/**
 * A jobs service as admin sees it: it verifies the token (audience `jobs`, the administrator's
 * role) the way the real one does, records every call, and answers from fixtures. Job `busy` is
 * processing (409 without force), `missing` does not exist, `broken` fails with 500.
 */
export async function startFakeJobs(secret: string): Promise<FakeUpstream> {
  const keys = keysOf(secret);
  const calls: RecordedCall[] = [];
  const app = express();
  app.use(express.json());
  app.use(async (req: Request, res: Response, next) => {
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    let caller: InternalCaller;
    try {
      caller = await verifyInternalToken(token, { keys, audience: 'jobs' });
    } catch {
      problem(res, 401, 'unauthorized', 'bad token');
      return;
    }
    if (caller.kind !== 'user' || !caller.roles.includes('admin')) {
      problem(res, 403, 'forbidden', 'administrator only');
      return;
    }
    calls.push({ method: req.method, path: req.originalUrl, caller, body: req.body as unknown });
    const id = String(req.path.split('/')[4] ?? '');
    if (id === 'missing') return problem(res, 404, 'not_found', 'There is no such job.');
    if (id === 'broken') return problem(res, 500, 'unknown', 'boom');
    next();
  });
  app.get('/internal/admin/users/:userId/jobs', (req, res) => {
    const skip = Number(req.query.skip ?? 0);
    const take = Number(req.query.take ?? 50);
    res.json({ items: [adminJobView('job-1', req.params.userId)], skip, take, total: 1, hasNext: false });
  });
  app.get('/internal/admin/jobs/:id', (req, res) => {
    res.json({ data: { job: adminJobView(req.params.id, 'user-1'), events: [jobEvent] } });
  });
  app.post('/internal/admin/jobs/:id/requeue', (req, res) => {
    res.json({ data: adminJobView(req.params.id, 'user-1', { status: 'PENDING', attempt: 2, errorCode: null }) });
  });
  app.post('/internal/admin/jobs/:id/mark-failed', (req, res) => {
    res.json({ data: adminJobView(req.params.id, 'user-1', { status: 'FAILED' }) });
  });
  app.delete('/internal/admin/jobs/:id', (req, res) => {
    if (req.params.id === 'busy' && req.query.force !== 'true') {
      return problem(res, 409, 'conflict', 'The job is processing; delete it with force.');
    }
    res.json({ data: { id: req.params.id, deleted: true } });
  });
  const { server, url } = await listen(app);
  return { url, calls, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * Commerce's hold and ledger reads as commerce serves them: the jobs service and the administrator
 * may read; anyone else gets 403. A job id `refused` answers 403 to everyone (commerce refusing).
 */
export async function startFakeCommerce(secret: string): Promise<FakeUpstream> {
  const keys = keysOf(secret);
  const calls: RecordedCall[] = [];
  const app = express();
  app.get('/internal/holds/:jobId', async (req, res) => {
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    const caller = await verifyInternalToken(token, { keys, audience: 'commerce' });
    calls.push({ method: req.method, path: req.originalUrl, caller, body: undefined });
    const allowed = (caller.kind === 'service' && caller.service === 'jobs') || caller.roles.includes('admin');
    if (allowed && req.params.jobId !== 'refused') {
      res.json({ data: { holdId: req.params.jobId, takenFrom: 'credits', amount: 10, state: 'released' } });
      return;
    }
    problem(res, 403, 'forbidden', 'This call is for internal services only.');
  });
  // Adjustments as commerce answers them: 201 the first time a key is seen, 200 after; a take of more
  // than 40 is refused (409) as when too few credits are available.
  const adjusted = new Set<string>();
  app.post('/internal/users/:userId/adjustments', express.json(), async (req, res) => {
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    const caller = await verifyInternalToken(token, { keys, audience: 'commerce' });
    const key = req.get('idempotency-key') ?? '';
    calls.push({ method: req.method, path: `${req.originalUrl} key=${key}`, caller, body: req.body as unknown });
    const { amount } = req.body as { amount: number };
    if (amount < -40) {
      problem(
        res,
        409,
        'conflict',
        '40 credits are available (0 held for videos in progress); taking 41 would leave the balance below zero.',
      );
      return;
    }
    const first = !adjusted.has(key);
    adjusted.add(key);
    res.status(first ? 201 : 200).json({
      data: { userId: req.params.userId, balance: 40 + amount, heldCredits: 0, available: 40 + amount, applied: first },
    });
  });
  // A user's orders and chargebacks as commerce answers the administrator: order `missing` is unknown (404),
  // `unpaid` is not paid (409); any other is a paid order marked once per key (201, then 200), 60 of its
  // 100 credits already spent.
  const chargedBack = new Map<string, string>();
  app.get('/internal/users/:userId/orders', async (req, res) => {
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    const caller = await verifyInternalToken(token, { keys, audience: 'commerce' });
    calls.push({ method: req.method, path: req.originalUrl, caller, body: undefined });
    if (!caller.roles.includes('admin'))
      return problem(res, 403, 'forbidden', "Only the administrator reads a user's orders.");
    const skip = Number(req.query.skip ?? 0);
    const take = Number(req.query.take ?? 20);
    res.json({ data: [adminOrder('order-1', req.params.userId)], pagination: { skip, take, total: 1 } });
  });
  app.post('/internal/orders/:orderId/chargeback', express.json(), async (req, res) => {
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    const caller = await verifyInternalToken(token, { keys, audience: 'commerce' });
    const key = req.get('idempotency-key') ?? '';
    calls.push({ method: req.method, path: `${req.originalUrl} key=${key}`, caller, body: req.body as unknown });
    const { orderId } = req.params;
    if (orderId === 'missing') return problem(res, 404, 'not_found', 'No such order.');
    if (orderId === 'unpaid') {
      return problem(res, 409, 'conflict', 'This order has not been paid, so there is nothing to refund.');
    }
    const markedWith = chargedBack.get(orderId);
    if (markedWith !== undefined && markedWith !== key) {
      return problem(res, 409, 'conflict', 'This order was already marked refunded after a chargeback on 2026-03-02.');
    }
    chargedBack.set(orderId, key);
    const { reason } = req.body as { reason: string };
    res.status(markedWith === undefined ? 201 : 200).json({
      data: adminOrder(orderId, 'user-9', {
        status: 'refunded',
        chargeback: {
          reason,
          markedBy: caller.kind === 'user' ? caller.userId : 'unknown',
          markedAt: '2026-03-02T09:00:00.000Z',
          settledAt: '2026-03-02T09:00:00.000Z',
          takenCredits: 40,
          shortfallCredits: 60,
          planEndsAt: null,
        },
      }),
    });
  });
  app.get('/internal/ledger', async (req, res) => {
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    const caller = await verifyInternalToken(token, { keys, audience: 'commerce' });
    calls.push({ method: req.method, path: req.originalUrl, caller, body: undefined });
    if (!caller.roles.includes('admin') || req.query.reference === 'refused') {
      problem(res, 403, 'forbidden', 'Not allowed.');
      return;
    }
    const reference = typeof req.query.reference === 'string' ? req.query.reference : '';
    res.json({
      data: [
        {
          id: 'l-1',
          kind: 'hold',
          balanceDelta: 0,
          heldDelta: 10,
          allowanceDelta: 0,
          reference,
          occurredAt: '2026-11-01T10:00:00.000Z',
        },
        {
          id: 'l-2',
          kind: 'release',
          balanceDelta: 0,
          heldDelta: -10,
          allowanceDelta: 0,
          reference,
          occurredAt: '2026-11-01T10:01:00.000Z',
        },
      ],
    });
  });
  const { server, url } = await listen(app);
  return { url, calls, close: () => new Promise((r) => server.close(() => r())) };
}

/** The keys of a service configured with INTERNAL_TOKEN_SECRET alone (the default key id). */
function keysOf(secret: string): InternalTokenKeys {
  return { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret } };
}

/**
 * Media's share links as admin sees them: the token is checked (audience `media`, the administrator's
 * role), every call recorded; link `missing` does not exist.
 */
export async function startFakeMedia(secret: string): Promise<FakeUpstream> {
  const keys = keysOf(secret);
  const calls: RecordedCall[] = [];
  const app = express();
  app.use(express.json());
  app.use(async (req: Request, res: Response, next) => {
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    let caller: InternalCaller;
    try {
      caller = await verifyInternalToken(token, { keys, audience: 'media' });
    } catch {
      problem(res, 401, 'unauthorized', 'bad token');
      return;
    }
    if (caller.kind !== 'user' || !caller.roles.includes('admin')) {
      problem(res, 403, 'forbidden', 'administrator only');
      return;
    }
    calls.push({ method: req.method, path: req.originalUrl, caller, body: req.body as unknown });
    next();
  });
  const link = (id: string) => ({
    id,
    jobId: 'job-1',
    token: 't'.repeat(43),
    path: `/v/${'t'.repeat(43)}`,
    label: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: null,
    revokedAt: '2026-03-01T11:00:00.000Z',
    hidePrompt: false,
    allowIndexing: false,
    shownAs: null,
    views: 3,
    state: 'revoked',
  });
  app.get('/internal/admin/share-reports', (req, res) => {
    res.json({
      data: [
        {
          id: 'report-1',
          linkId: 'link-1',
          jobId: 'job-1',
          ownerId: 'user-1',
          reason: 'spam',
          details: null,
          createdAt: '2026-03-01T10:30:00.000Z',
          link: { path: `/v/${'t'.repeat(43)}`, label: null, state: 'active', views: 3 },
        },
      ],
      pagination: { skip: Number(req.query.skip ?? 0), take: Number(req.query.take ?? 50), total: 1 },
    });
  });
  app.post('/internal/admin/share-links/:id/revoke', (req, res) => {
    if (req.params.id === 'missing') return problem(res, 404, 'not_found', 'There is no such shared video.');
    res.json({ data: link(req.params.id) });
  });
  const { server, url } = await listen(app);
  return { url, calls, close: () => new Promise((r) => server.close(() => r())) };
}
