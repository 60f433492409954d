import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MemoryKeyValueStore } from '@kadr/kv-store';
import { MemoryUserRepository } from '../../src/data-access/users/memory-user.repository';
import { SessionStore } from '../../src/data-access/sessions/session-store';
import { EXPORT_FORMAT, accountExportSchema } from '../../src/domain/account-export';
import type { User } from '../../src/domain/identity/user';
import { EXPORT_SECTIONS } from '../../src/entry-points/http/09-gateway-routes/account';
import { TEST_USER_HEADER, testUser } from '../pipeline/helpers/fake-session';
import { closedPortUrl } from '../pipeline/helpers/fake-upstream';
import { createTestGateway, type TestGateway } from '../pipeline/helpers/test-gateway';
import { personData, startAccountServices, type AccountServices, type PersonData } from './helpers/account-services';

const EXPORT = '/bff/platform/account/export';
const PUBLIC_URL = 'https://kadr.example';

function userRecord(id: string): User {
  const { email, name, roles, tenantId } = testUser(id);
  return {
    id,
    issuer: 'https://id.example',
    subject: `subject-${id}`,
    email,
    emailVerified: true,
    name,
    tenantId,
    roles: roles as User['roles'],
    createdAt: new Date('2024-12-01T10:00:00.000Z'),
    lastLoginAt: new Date('2025-01-02T10:00:00.000Z'),
    outbox: [],
  };
}

/**
 * The data export through the gateway's real pipeline (rate limits, `/bff` routes) against fakes of
 * the four services that answer each caller with that caller's data only, paging like the real ones.
 */
describe('GET /bff/platform/account/export', () => {
  const people = new Map<string, PersonData>([
    // More than one page of everything paged (100 per page; media 48).
    ['alice', personData('alice', { jobs: 230, ledger: 150, orders: 3, videos: 100 })],
    ['bob', personData('bob', { jobs: 2, ledger: 1, orders: 1, videos: 1 })],
  ]);
  let services: AccountServices;
  let users: MemoryUserRepository;
  let gateway: TestGateway;

  beforeAll(async () => {
    services = await startAccountServices(people);
    users = await MemoryUserRepository.create();
    for (const id of people.keys()) await users.insertIfAbsent(userRecord(id));
  });
  afterAll(async () => {
    await services.close();
    await users.close();
  });

  const start = (env: Record<string, string | undefined> = {}) => {
    const kv = new MemoryKeyValueStore();
    gateway = createTestGateway({
      env: { ...services.env, PUBLIC_URL, ...env },
      kv,
      account: {
        users,
        sessions: new SessionStore(kv, { idleTtlMs: 60_000, absoluteTtlMs: 3_600_000 }),
        cookies: { secure: true, sessionMaxAgeMs: 3_600_000, loginMaxAgeMs: 600_000 },
      },
    });
  };
  beforeEach(() => {
    for (const upstream of [services.commerce, services.jobs, services.media, services.i18n, services.notifications]) {
      upstream.received.length = 0;
    }
    start();
  });
  afterEach(() => gateway.close());

  const exportOf = (user: string) => request(gateway.app).get(EXPORT).set(TEST_USER_HEADER, user);

  it('answers one JSON attachment with the profile and every section, every page of each', async () => {
    const res = await exportOf('alice');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kadr-data-${today}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);

    const archive = accountExportSchema(EXPORT_SECTIONS).parse(res.body);
    const alice = people.get('alice')!;
    expect(Object.keys(res.body as object)).toEqual([
      'format',
      'exportedAt',
      'user',
      'settings',
      'language',
      'subscription',
      'jobs',
      'ledger',
      'orders',
      'videos',
      'notifications',
    ]);
    expect(archive.format).toBe(EXPORT_FORMAT);
    expect(archive.user).toEqual({
      id: 'alice',
      email: 'alice@example.test',
      emailVerified: true,
      name: 'Test alice',
      tenantId: null,
      roles: ['user'],
      createdAt: '2024-12-01T10:00:00.000Z',
      lastLoginAt: '2025-01-02T10:00:00.000Z',
      identity: { issuer: 'https://id.example', subject: 'subject-alice' },
    });
    expect(res.body).toMatchObject({
      settings: { aiProvider: 'local' },
      language: { preferred: 'en' },
      subscription: alice.subscription,
      jobs: alice.jobs,
      ledger: { balance: 150, currency: 'credits', lines: alice.ledger },
      orders: alice.orders,
      notifications: { preferences: { email: false, browser: true }, inbox: alice.notifications },
    });
    // Videos with links that work from a file on disk: absolute, on PUBLIC_URL.
    const videos = (res.body as { videos: { jobId: string; url: string; thumbnailUrl: string }[] }).videos;
    expect(videos).toHaveLength(100);
    expect(videos[0]).toMatchObject({
      jobId: 'alice-job-99',
      url: `${PUBLIC_URL}/video/alice-job-99`,
      thumbnailUrl: `${PUBLIC_URL}/thumbs/alice-job-99`,
    });

    // Each service was asked with Alice's own token, page after page until the last.
    const received = services.received();
    expect(received.every((r) => r.caller.kind === 'user' && r.caller.userId === 'alice')).toBe(true);
    const jobsPages = services.jobs.received.filter((r) => r.url.startsWith('/jobs/recent')).map((r) => r.url);
    expect(jobsPages).toEqual([
      '/jobs/recent?skip=0&take=100',
      '/jobs/recent?skip=100&take=100',
      '/jobs/recent?skip=200&take=100',
    ]);
    expect(services.media.received.map((r) => r.url)).toEqual([
      '/api/media/videos?page=1&limit=48',
      '/api/media/videos?page=2&limit=48',
      '/api/media/videos?page=3&limit=48',
    ]);
    expect(services.commerce.received.filter((r) => r.url.startsWith('/api/commerce/ledger'))).toHaveLength(2);
  });

  it("holds nothing of another user's", async () => {
    const res = await exportOf('bob');
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('alice');
    expect(res.body).toMatchObject({
      user: { id: 'bob', email: 'bob@example.test' },
      jobs: people.get('bob')!.jobs,
      orders: people.get('bob')!.orders,
    });
    expect(services.received().every((r) => r.caller.kind === 'user' && r.caller.userId === 'bob')).toBe(true);
  });

  it('answers 503 and no file when one service fails, and names the section in the log only', async () => {
    services.failPaths(['/api/commerce/orders']);
    try {
      const res = await exportOf('alice');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body).toMatchObject({
        type: '/problems/service_unavailable',
        detail: expect.stringContaining('nothing was downloaded'),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/commerce|orders|alice/);
      // The other sections were still read to their end (none left running unobserved).
      expect(services.jobs.received.filter((r) => r.url.startsWith('/jobs/recent'))).toHaveLength(3);
    } finally {
      services.failPaths([]);
    }
  });

  it('answers 503 when a service is unreachable or not configured', async () => {
    await gateway.close();
    start({ MEDIA_URL: await closedPortUrl() });
    expect((await exportOf('alice')).status).toBe(503);
    await gateway.close();
    start({ I18N_URL: undefined });
    expect((await exportOf('alice')).status).toBe(503);
  });

  it('needs a session and a known user (401)', async () => {
    expect((await request(gateway.app).get(EXPORT)).status).toBe(401);
    const stranger = await exportOf(`gone-${randomUUID()}`);
    expect(stranger.status).toBe(401);
    expect(services.received()).toEqual([]);
  });

  it('has its own hourly budget per user (RATE_LIMIT_EXPORT_PER_HOUR)', async () => {
    await gateway.close();
    start({ RATE_LIMIT_EXPORT_PER_HOUR: '2' });
    expect((await exportOf('bob')).status).toBe(200);
    expect((await exportOf('bob')).status).toBe(200);
    const refused = await exportOf('bob');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused.body).toMatchObject({ type: '/problems/rate_limited' });
    // Another person's budget is their own; the rest of /bff is not touched.
    expect((await exportOf('alice')).status).toBe(200);
  });
});
