// Value imports from the contracts are fine in a test (never bundled): they pin every browser path
// to the services' own path constants.
import {
  ADMIN_PATHS,
  COMMERCE_PATHS,
  GALLERY_PATHS,
  I18N_USER_LANGUAGE_PATH,
  JOBS_PATHS,
  MEDIA_VIDEOS_PATH,
} from '@kadr/contracts';
import { BREAKER_FAILURE_THRESHOLD, USER_SUMMARY_MAX_RETRIES } from '../config/constants';
import { isApiError } from './api-error';
import { breakerState } from './circuit-breakers';
import * as api from './endpoints';
import { setUpFakeApi } from './testing/fake-api';
import { answer, inOrder, type FakeAnswer } from './testing/fake-server';

const server = setUpFakeApi({ drainMs: 60_000 });

const P = '/bff/platform';
const KEY = 'idem-key-0001';

interface Expected {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  key?: string;
}

const CALLS: Array<[string, () => Promise<unknown>, Expected]> = [
  ['getSession', () => api.getSession(), { method: 'GET', path: '/auth/session' }],
  ['logout', () => api.logout(), { method: 'POST', path: '/auth/logout' }],
  ['getMe', () => api.getMe(), { method: 'GET', path: `${P}/api/auth/me` }],
  ['getUserSummary', () => api.getUserSummary(), { method: 'GET', path: `${P}/api/users/me/summary` }],
  ['getAccountExport', () => api.getAccountExport(), { method: 'GET', path: `${P}/account/export` }],
  [
    'deleteOwnAccount',
    () => api.deleteOwnAccount('ala@example.org', KEY),
    { method: 'DELETE', path: `${P}/account`, body: { confirmEmail: 'ala@example.org' }, key: KEY },
  ],
  ['getCredits', () => api.getCredits(), { method: 'GET', path: `${P}${COMMERCE_PATHS.credits}` }],
  ['getLanguages', () => api.getLanguages(), { method: 'GET', path: `${P}/api/i18n/languages` }],
  [
    'putUserLanguage',
    () => api.putUserLanguage('en'),
    { method: 'PUT', path: `${P}${I18N_USER_LANGUAGE_PATH}`, body: { language: 'en' } },
  ],
  ['getModels', () => api.getModels(), { method: 'GET', path: `${P}${JOBS_PATHS.models}` }],
  ['getGroupedModels', () => api.getGroupedModels(), { method: 'GET', path: `${P}${JOBS_PATHS.groupedModels}` }],
  [
    'createJob',
    () =>
      api.createJob({ prompt: 'a fox', modelId: 'local-1', duration: 5, quality: 'Standard', speed: 'Normal' }, KEY),
    {
      method: 'POST',
      path: `${P}${JOBS_PATHS.jobs}`,
      body: { prompt: 'a fox', modelId: 'local-1', duration: 5, quality: 'Standard', speed: 'Normal' },
      key: KEY,
    },
  ],
  [
    'getActiveJobs',
    () => api.getActiveJobs(),
    { method: 'GET', path: `${P}${JOBS_PATHS.activeJobs}`, query: { take: '20' } },
  ],
  [
    'getActiveJobs(5)',
    () => api.getActiveJobs(5),
    { method: 'GET', path: `${P}${JOBS_PATHS.activeJobs}`, query: { take: '5' } },
  ],
  [
    'getRecentJobs',
    () => api.getRecentJobs(),
    { method: 'GET', path: `${P}${JOBS_PATHS.recentJobs}`, query: { take: '20' } },
  ],
  ['getJob', () => api.getJob('job/1'), { method: 'GET', path: `${P}${JOBS_PATHS.job('job/1')}` }],
  [
    'cancelJob',
    () => api.cancelJob('job/1', KEY),
    { method: 'POST', path: `${P}${JOBS_PATHS.job('job/1')}/cancel`, key: KEY },
  ],
  [
    'getVideos',
    () => api.getVideos(),
    { method: 'GET', path: `${P}${MEDIA_VIDEOS_PATH}`, query: { page: '1', limit: '12' } },
  ],
  [
    'getVideos(3, 24)',
    () => api.getVideos(3, 24),
    { method: 'GET', path: `${P}${MEDIA_VIDEOS_PATH}`, query: { page: '3', limit: '24' } },
  ],
  [
    'getGallery',
    () => api.getGallery({ page: 1 }),
    { method: 'GET', path: `${P}${GALLERY_PATHS.gallery}`, query: { page: '1', limit: '12' } },
  ],
  [
    'getGallery(every filter)',
    () =>
      api.getGallery({
        page: 2,
        q: 'red fox',
        status: 'FAILED',
        model: 'kadr-motion-v1',
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-03-02T00:00:00.000Z',
        sort: 'oldest',
        favourites: true,
      }),
    {
      method: 'GET',
      path: `${P}${GALLERY_PATHS.gallery}`,
      query: {
        page: '2',
        limit: '12',
        q: 'red fox',
        status: 'FAILED',
        model: 'kadr-motion-v1',
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-03-02T00:00:00.000Z',
        sort: 'oldest',
        favourites: 'true',
      },
    },
  ],
  [
    'setFavourite',
    () => api.setFavourite('job/1', true, KEY),
    { method: 'PUT', path: `${P}${GALLERY_PATHS.favourite('job/1')}`, key: KEY },
  ],
  [
    'setFavourite(off)',
    () => api.setFavourite('job/1', false, KEY),
    { method: 'DELETE', path: `${P}${GALLERY_PATHS.favourite('job/1')}`, key: KEY },
  ],
  [
    'deleteVideo',
    () => api.deleteVideo('job/1', KEY),
    { method: 'DELETE', path: `${P}${JOBS_PATHS.job('job/1')}`, key: KEY },
  ],
  [
    'getVideoStream',
    () => api.getVideoStream('j1'),
    { method: 'GET', path: `${P}/api/media/videos/j1/stream`, query: { format: 'json' } },
  ],
  [
    'getThumbnail',
    () => api.getThumbnail('j1'),
    { method: 'GET', path: `${P}/api/media/thumbnail/j1`, query: { format: 'json' } },
  ],
  ['getProviderSetting', () => api.getProviderSetting(), { method: 'GET', path: `${P}${JOBS_PATHS.providerSetting}` }],
  [
    'putProviderSetting',
    () => api.putProviderSetting('local'),
    { method: 'PUT', path: `${P}${JOBS_PATHS.providerSetting}`, body: { provider: 'local' } },
  ],
  ['getPackages', () => api.getPackages(), { method: 'GET', path: `${P}${COMMERCE_PATHS.packages}` }],
  ['getPlans', () => api.getPlans(), { method: 'GET', path: `${P}${COMMERCE_PATHS.plans}` }],
  [
    'createOrder',
    () => api.createOrder({ packageId: 'pack-100' }, KEY),
    { method: 'POST', path: `${P}${COMMERCE_PATHS.createOrder}`, body: { packageId: 'pack-100' }, key: KEY },
  ],
  ['getOrder', () => api.getOrder('o-1'), { method: 'GET', path: `${P}${COMMERCE_PATHS.order('o-1')}` }],
  ['getTpayDiagnostics', () => api.getTpayDiagnostics(), { method: 'GET', path: `${P}${COMMERCE_PATHS.tpayDiag}` }],
  [
    'mockProcess',
    () => api.mockProcess({ orderId: 'o-1', outcome: 'success' }, KEY),
    {
      method: 'POST',
      path: `${P}${COMMERCE_PATHS.mockProcess}`,
      body: { orderId: 'o-1', outcome: 'success' },
      key: KEY,
    },
  ],
  ['getBillingLedger', () => api.getBillingLedger(), { method: 'GET', path: `${P}${COMMERCE_PATHS.billingLedger}` }],
  [
    'getBillingLedger(filters)',
    () =>
      api.getBillingLedger({
        skip: 20,
        take: 20,
        kind: ['release', 'refund'],
        from: '2025-03-01T00:00:00.000Z',
        to: '2025-04-01T00:00:00.000Z',
      }),
    {
      method: 'GET',
      path: `${P}${COMMERCE_PATHS.billingLedger}`,
      query: {
        skip: '20',
        take: '20',
        kind: 'release,refund',
        from: '2025-03-01T00:00:00.000Z',
        to: '2025-04-01T00:00:00.000Z',
      },
    },
  ],
  [
    'getJobReceipt',
    () => api.getJobReceipt('job/1'),
    { method: 'GET', path: `${P}${COMMERCE_PATHS.jobReceipt('job/1')}` },
  ],
  ['getSubscription', () => api.getSubscription(), { method: 'GET', path: `${P}${COMMERCE_PATHS.subscription}` }],
  [
    'subscribe',
    () => api.subscribe('pro', KEY),
    { method: 'POST', path: `${P}${COMMERCE_PATHS.createOrder}`, body: { planId: 'pro' }, key: KEY },
  ],
  [
    'cancelSubscription',
    () => api.cancelSubscription(KEY),
    { method: 'POST', path: `${P}${COMMERCE_PATHS.cancelSubscription}`, key: KEY },
  ],
  // The notifications service (issue 20): paths of the agreed contract (not in @kadr/contracts yet).
  ['getNotifications', () => api.getNotifications(), { method: 'GET', path: `${P}/api/notifications` }],
  [
    'markNotificationRead',
    () => api.markNotificationRead('n/1', KEY),
    { method: 'POST', path: `${P}/api/notifications/n%2F1/read`, key: KEY },
  ],
  [
    'markAllNotificationsRead',
    () => api.markAllNotificationsRead(KEY),
    { method: 'POST', path: `${P}/api/notifications/read-all`, key: KEY },
  ],
  [
    'getNotificationPreferences',
    () => api.getNotificationPreferences(),
    { method: 'GET', path: `${P}/api/notifications/preferences` },
  ],
  [
    'putNotificationPreferences',
    () => api.putNotificationPreferences({ browser: false }),
    { method: 'PUT', path: `${P}/api/notifications/preferences`, body: { browser: false } },
  ],
  [
    'unsubscribeFromEmails',
    () => api.unsubscribeFromEmails('signed.token', KEY),
    { method: 'POST', path: '/bff/public/notifications/unsubscribe', body: { token: 'signed.token' }, key: KEY },
  ],
  ['getFlags', () => api.getFlags(), { method: 'GET', path: `${P}/api/flags` }],
  [
    'postTelemetry',
    () => api.postTelemetry({ metrics: [{ name: 'x', value: 1 }] }),
    { method: 'POST', path: '/bff/telemetry', body: { metrics: [{ name: 'x', value: 1 }] } },
  ],
  [
    'getAdminUsers',
    () => api.getAdminUsers(),
    { method: 'GET', path: `${P}${ADMIN_PATHS.users}`, query: { take: '50' } },
  ],
  [
    'getAdminUsers(filters)',
    () => api.getAdminUsers({ skip: 50, take: 25, q: '  ann ' }),
    { method: 'GET', path: `${P}${ADMIN_PATHS.users}`, query: { skip: '50', take: '25', q: 'ann' } },
  ],
  ['getAdminUser', () => api.getAdminUser('u-1'), { method: 'GET', path: `${P}${ADMIN_PATHS.user('u-1')}` }],
  [
    'getAdminUserJobs',
    () => api.getAdminUserJobs('u-1', { skip: 0, take: 10 }),
    { method: 'GET', path: `${P}${ADMIN_PATHS.userJobs('u-1')}`, query: { skip: '0', take: '10' } },
  ],
  ['getAdminJob', () => api.getAdminJob('j-1'), { method: 'GET', path: `${P}${ADMIN_PATHS.job('j-1')}` }],
  [
    'deleteAdminUser',
    () => api.deleteAdminUser('u-1', KEY),
    { method: 'DELETE', path: `${P}${ADMIN_PATHS.user('u-1')}`, query: { purge: 'true' }, key: KEY },
  ],
  [
    'adjustAdminUserCredits',
    () => api.adjustAdminUserCredits('u-1', { amount: -53, reason: ' goodwill ' }, KEY),
    {
      method: 'POST',
      path: `${P}${ADMIN_PATHS.creditAdjustments('u-1')}`,
      body: { amount: -53, reason: 'goodwill' },
      key: KEY,
    },
  ],
  [
    'getAdminUserOrders',
    () => api.getAdminUserOrders('u-1', { skip: 10, take: 10 }),
    { method: 'GET', path: `${P}${ADMIN_PATHS.userOrders('u-1')}`, query: { skip: '10', take: '10' } },
  ],
  [
    'chargeBackAdminOrder',
    () => api.chargeBackAdminOrder('o-1', { reason: ' Card issuer reversed ' }, KEY),
    {
      method: 'POST',
      path: `${P}${ADMIN_PATHS.orderChargeback('o-1')}`,
      body: { reason: 'Card issuer reversed' },
      key: KEY,
    },
  ],
  [
    'requeueAdminJob',
    () => api.requeueAdminJob('j-1'),
    { method: 'POST', path: `${P}${ADMIN_PATHS.requeueJob('j-1')}` },
  ],
  [
    'markAdminJobFailed',
    () => api.markAdminJobFailed('j-1', ' stuck '),
    { method: 'POST', path: `${P}${ADMIN_PATHS.markJobFailed('j-1')}`, body: { reason: 'stuck' } },
  ],
  [
    'markAdminJobFailed (no reason)',
    () => api.markAdminJobFailed('j-1'),
    { method: 'POST', path: `${P}${ADMIN_PATHS.markJobFailed('j-1')}`, body: {} },
  ],
  [
    'deleteAdminJob',
    () => api.deleteAdminJob('j-1'),
    { method: 'DELETE', path: `${P}${ADMIN_PATHS.job('j-1')}`, query: { force: 'true' } },
  ],
  [
    'getAdminDeadLetterTopics',
    () => api.getAdminDeadLetterTopics(),
    { method: 'GET', path: `${P}${ADMIN_PATHS.deadLetters}` },
  ],
  [
    'getAdminDeadLetters',
    () => api.getAdminDeadLetters('job.progress', { skip: 50, take: 50, status: 'handled' }),
    {
      method: 'GET',
      path: `${P}${ADMIN_PATHS.topicDeadLetters('job.progress')}`,
      query: { skip: '50', take: '50', status: 'handled' },
    },
  ],
  [
    'replayAdminDeadLetter',
    () => api.replayAdminDeadLetter('job.progress', '2-17', 'key-replay'),
    { method: 'POST', path: `${P}${ADMIN_PATHS.replayDeadLetter('job.progress', '2-17')}`, key: 'key-replay' },
  ],
  [
    'discardAdminDeadLetter',
    () => api.discardAdminDeadLetter('job.progress', '2-17', ' poison pill '),
    {
      method: 'POST',
      path: `${P}${ADMIN_PATHS.discardDeadLetter('job.progress', '2-17')}`,
      body: { reason: 'poison pill' },
    },
  ],
  [
    'getAdminLogs',
    () =>
      api.getAdminLogs({
        take: 20,
        action: 'users.delete',
        userId: '',
        from: '2025-01-01T00:00:00Z',
        kind: 'admin_action',
      }),
    {
      method: 'GET',
      path: `${P}${ADMIN_PATHS.logs}`,
      query: { take: '20', action: 'users.delete', from: '2025-01-01T00:00:00Z', kind: 'admin_action' },
    },
  ],
];

describe('every call: method, path, query, body and key', () => {
  it.each(CALLS)('%s', async (_name, call, expected) => {
    await call();
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe(expected.method);
    expect(request?.path).toBe(new URL(expected.path, 'http://kadr.test').pathname);
    expect(Object.fromEntries(request?.query ?? [])).toEqual(expected.query ?? {});
    expect(request?.body).toEqual(expected.body);
    if (expected.method !== 'GET') {
      expect(request?.headers['idempotency-key']).toEqual(expected.key ?? expect.stringMatching(/^[0-9a-f-]{36}$/));
    } else {
      expect(request?.headers['idempotency-key']).toBeUndefined();
    }
  });
});

describe('getUserSummary retries (spec §7)', () => {
  it.each<[string, FakeAnswer]>([
    ['network_error', answer.networkError()],
    ['timeout', answer.problem(504, 'timeout')],
    ['service_unavailable', answer.problem(503, 'service_unavailable')],
    ['proxy_error', answer.problem(502, 'proxy_error')],
    ['backend_http', answer.problem(502, 'backend_http')],
  ])('retries %s up to 2 times', async (_name, failure) => {
    server.handle(inOrder(failure));
    const pending = api.getUserSummary().catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(isApiError(await pending)).toBe(true);
    expect(server.requests).toHaveLength(1 + USER_SUMMARY_MAX_RETRIES);
  });

  it('recovers from a network error on the next try', async () => {
    const summary = { data: { id: 'u', tier: 'PRO', preferredLanguage: 'en' } };
    server.handle(inOrder(answer.networkError(), answer.json(200, summary)));
    const pending = api.getUserSummary();
    await jest.advanceTimersByTimeAsync(300);
    await expect(pending).resolves.toEqual(summary);
  });

  it('retries rate_limited after the 429 queue gave up', async () => {
    server.handle(inOrder(answer.problem(429, 'rate_limited', {}, { 'retry-after': '1' })));
    const pending = api.getUserSummary().catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(await pending).toMatchObject({ reason: 'rate_limited' });
    // (1 try + 3 queued waits) per attempt, 1 + 2 attempts
    expect(server.requests).toHaveLength(4 * (1 + USER_SUMMARY_MAX_RETRIES));
  });

  it.each<[string, FakeAnswer]>([
    ['unauthorized', answer.problem(401, 'unauthorized')],
    ['forbidden', answer.problem(403, 'forbidden')],
    ['unknown', answer.problem(500, 'unknown')],
  ])('does not retry %s', async (_name, failure) => {
    server.handle(inOrder(failure));
    const pending = api.getUserSummary().catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(5_000);
    await pending;
    expect(server.requests).toHaveLength(1);
  });

  it('other calls do not retry network errors', async () => {
    server.handle(inOrder(answer.networkError()));
    const pending = api.getModels().catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(await pending).toMatchObject({ reason: 'network_error' });
    expect(server.requests).toHaveLength(1);
  });
});

describe.each<[string, () => Promise<unknown>, string]>([
  ['getCredits', () => api.getCredits(), `${P}/api/commerce/credits`],
  ['getVideos', () => api.getVideos(2), `${P}/api/media/videos`],
])('%s: the helper, then one direct GET', (_name, call, path) => {
  it('answers from the helper when it works (no fallback)', async () => {
    server.handle(inOrder(answer.json(200, { data: 'helper' })));
    await expect(call()).resolves.toEqual({ data: 'helper' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.cache).toBeUndefined();
  });

  it('when the helper fails after its retries, makes ONE plain request (no cache, no retries) and returns its answer', async () => {
    server.handle((_request, index) =>
      index < 3 ? answer.problem(503, 'service_unavailable') : answer.json(200, { data: 'direct' }),
    );
    const pending = call();
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(pending).resolves.toEqual({ data: 'direct' });
    expect(server.requests).toHaveLength(3 + 1);
    expect(server.requests.every((request) => request.path === path)).toBe(true);
    expect(server.requests[3]?.cache).toBe('no-store');
    expect(server.requests.slice(0, 3).every((request) => request.cache === undefined)).toBe(true);
  });

  it('when the direct GET fails too, rejects with its error — without retrying it', async () => {
    server.handle(inOrder(answer.problem(503, 'service_unavailable')));
    const pending = call().catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ reason: 'service_unavailable' });
    expect(server.requests).toHaveLength(3 + 1);
  });

  it('passes the open breaker: the helper fails at once, the direct GET still asks', async () => {
    server.handle(inOrder(answer.problem(502, 'backend_http')));
    // each call: 3 helper tries (counted) + 1 direct GET (not counted) → open within the second call
    for (let index = 0; index < 2; index += 1) {
      const pending = call().catch(() => undefined);
      await jest.advanceTimersByTimeAsync(2_000);
      await pending;
    }
    expect(breakerState(`GET ${path}`)).toBe('open');
    expect(server.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 2);
    const before = server.requests.length;
    server.handle(inOrder(answer.json(200, { data: 'direct' })));
    await expect(call()).resolves.toEqual({ data: 'direct' });
    expect(server.requests.length - before).toBe(1);
    expect(server.requests.at(-1)?.cache).toBe('no-store');
  });

  it('does not fall back when the caller cancelled', async () => {
    server.handle(inOrder(answer.hang()));
    const controller = new AbortController();
    const pending = path.endsWith('credits')
      ? api.getCredits({ signal: controller.signal })
      : api.getVideos(1, 12, { signal: controller.signal });
    const outcome = pending.catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await outcome).toMatchObject({ reason: 'cancelled' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('lookups by job id (spec §5)', () => {
  it.each<[string, (jobId: string) => Promise<unknown>]>([
    ['getThumbnail', (jobId) => api.getThumbnail(jobId)],
    ['getVideoStream', (jobId) => api.getVideoStream(jobId)],
  ])('%s makes no request without a job id', async (_name, lookup) => {
    for (const missing of ['', '   ', undefined as unknown as string, null as unknown as string]) {
      await expect(lookup(missing)).rejects.toMatchObject({ reason: 'validation', status: 0 });
    }
    expect(server.requests).toHaveLength(0);
  });

  it.each<[string, unknown, string | null]>([
    ['data.url', { data: { url: '/signed/thumb-1.jpg' } }, '/signed/thumb-1.jpg'],
    ['url', { url: '/signed/thumb-2.jpg' }, '/signed/thumb-2.jpg'],
    ['neither', { data: {} }, null],
  ])('getThumbnail reads %s', async (_name, body, url) => {
    server.handle(inOrder(answer.json(200, body)));
    await expect(api.getThumbnail('j1')).resolves.toEqual({ url });
  });

  it('getVideoStream returns url and contentType', async () => {
    server.handle(inOrder(answer.json(200, { url: '/signed/v.mp4', contentType: 'video/mp4' })));
    await expect(api.getVideoStream('j1')).resolves.toEqual({ url: '/signed/v.mp4', contentType: 'video/mp4' });
  });
});

describe('session answers', () => {
  it('getSession returns the /auth/session JSON as it is', async () => {
    const session = {
      authenticated: true,
      user: { id: 'u1', email: 'a@b.c', name: 'A', roles: ['user'], permissions: [] },
      expiresAt: '2025-01-08T00:00:00.000Z',
    };
    server.handle(inOrder(answer.json(200, session)));
    await expect(api.getSession()).resolves.toEqual(session);
  });
});

describe('cancelJob', () => {
  afterEach(() => {
    document.cookie = 'kadr_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('is a state change: the CSRF token and the given Idempotency-Key, no body', async () => {
    document.cookie = 'kadr_csrf=csrf-1; path=/';
    server.handle(inOrder(answer.json(200, { data: { id: 'j1', status: 'CANCELLED' } })));
    await expect(api.cancelJob('j1', KEY)).resolves.toMatchObject({ data: { id: 'j1', status: 'CANCELLED' } });
    const [request] = server.requests;
    expect(request?.headers['x-csrf-token']).toBe('csrf-1');
    expect(request?.headers['idempotency-key']).toBe(KEY);
    expect(request?.body).toBeUndefined();
  });

  it('a 409 (the job finished first) rejects with the server’s sentence, asked once', async () => {
    const detail = 'This video has already finished, so it can no longer be cancelled.';
    server.handle(inOrder(answer.problem(409, 'conflict', { detail })));
    await expect(api.cancelJob('j1', KEY)).rejects.toMatchObject({ reason: 'conflict', status: 409, detail });
    expect(server.requests).toHaveLength(1);
  });
});

describe('billingLedgerCsvUrl', () => {
  it('is the CSV path of the ledger, without a query when nothing is filtered', () => {
    expect(api.billingLedgerCsvUrl()).toBe(`${P}${COMMERCE_PATHS.billingLedgerCsv}`);
    expect(api.billingLedgerCsvUrl({ kind: [], from: '', to: '' })).toBe(`${P}${COMMERCE_PATHS.billingLedgerCsv}`);
  });

  it('carries the filter (kinds comma-separated, instants as given) and nothing of the paging', () => {
    const url = new URL(
      api.billingLedgerCsvUrl({ kind: ['grant', 'purchase'], from: '2025-03-01T00:00:00.000Z' }),
      'http://kadr.test',
    );
    expect(url.pathname).toBe(`${P}${COMMERCE_PATHS.billingLedgerCsv}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ kind: 'grant,purchase', from: '2025-03-01T00:00:00.000Z' });
  });

  it('asks nothing of the server', () => {
    api.billingLedgerCsvUrl({ kind: ['hold'] });
    expect(server.requests).toHaveLength(0);
  });
});

describe('getJobReceipt', () => {
  it('a 404 (no such job, or another user’s) rejects at once: asked once', async () => {
    server.handle(inOrder(answer.problem(404, 'not_found')));
    await expect(api.getJobReceipt('j-404')).rejects.toMatchObject({ reason: 'not_found', status: 404 });
    expect(server.requests).toHaveLength(1);
  });
});
