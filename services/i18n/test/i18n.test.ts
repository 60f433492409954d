import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { decodeEventOn, encodeEvent, timestampFromDate } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { mintInternalToken, type InternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import { i18nConfigSchema, startI18n, type RunningI18n } from '../src';
import { until } from '@kadr/tooling/test-helpers';

const SECRET = 'test-only-internal-secret-0123456789abcdef';
const KEYS: InternalTokenKeys = { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: SECRET } };

describe('i18n service', () => {
  let bus: MemoryEventBus;
  let service: RunningI18n;

  const call = async (method: string, route: string, caller: InternalCaller | null, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (caller) headers.authorization = `Bearer ${await mintInternalToken(caller, { keys: KEYS, audience: 'i18n' })}`;
    return fetch(`${service.url}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
  const user = (userId: string): InternalCaller => ({ kind: 'user', userId, roles: ['user'] });
  const gateway: InternalCaller = { kind: 'service', service: 'auth-gateway', roles: [] };

  beforeEach(async () => {
    bus = new MemoryEventBus();
    const config = i18nConfigSchema.parse({ INTERNAL_TOKEN_SECRET: SECRET, PORT: '0', LOG_LEVEL: 'silent' });
    service = await startI18n(
      { ...config, MONGODB_URI: undefined, KAFKA_BROKERS: undefined },
      { adapters: { eventBus: bus }, defaultMetrics: false },
    );
  });
  afterEach(async () => {
    await service.stop();
    await bus.close();
  });

  it('lists English and Polish for the gateway, and refuses a call without an internal token', async () => {
    const languages = await call('GET', '/api/i18n/languages', gateway);
    expect(languages.status).toBe(200);
    expect(await languages.json()).toEqual([
      { code: 'en', name: 'English' },
      { code: 'pl', name: 'Polski' },
    ]);
    const anonymous = await call('GET', '/api/i18n/languages', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('answers Polish until the user chooses, then the choice', async () => {
    expect(await (await call('GET', '/api/i18n/user-language', user('u-1'))).json()).toEqual({
      data: { language: 'pl' },
    });
    const put = await call('PUT', '/api/i18n/user-language', user('u-1'), { language: 'en' });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ data: { language: 'en' } });
    expect(await (await call('GET', '/api/i18n/user-language', user('u-1'))).json()).toEqual({
      data: { language: 'en' },
    });
    // Another user's choice is their own.
    expect(await (await call('GET', '/api/i18n/user-language', user('u-2'))).json()).toEqual({
      data: { language: 'pl' },
    });
  });

  it('refuses anything but a supported code with a 400 field error', async () => {
    for (const body of [{ language: 'de' }, { language: '' }, { language: 7 }, {}]) {
      const res = await call('PUT', '/api/i18n/user-language', user('u-1'), body);
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { type: string; errors: Record<string, string> };
      expect(problem.type).toBe('/problems/validation');
      expect(problem.errors.language).toBe('Choose one of: en, pl.');
    }
  });

  it('has no language for a service caller', async () => {
    expect((await call('GET', '/api/i18n/user-language', gateway)).status).toBe(403);
  });

  it("tells the notifications service (only) any user's language", async () => {
    const notifications: InternalCaller = { kind: 'service', service: 'notifications', roles: [] };
    await call('PUT', '/api/i18n/user-language', user('u-3'), { language: 'en' });
    const answer = await call('GET', '/internal/users/u-3/language', notifications);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { language: 'en' } });
    expect(await (await call('GET', '/internal/users/u-never/language', notifications)).json()).toEqual({
      data: { language: 'pl' },
    });
    expect((await call('GET', '/internal/users/u-3/language', gateway)).status).toBe(403);
    expect((await call('GET', '/internal/users/u-3/language', user('u-3'))).status).toBe(403);
    expect((await call('GET', '/internal/users/u-3/language', null)).status).toBe(401);
  });

  it('follows user.registered without overriding a choice, and purges on user.deleted', async () => {
    const registered = (userId: string, preferredLanguage: string) =>
      encodeEvent(
        {
          case: 'userRegistered',
          value: {
            userId,
            email: `${userId}@example.com`,
            name: 'X',
            preferredLanguage,
            registeredAt: timestampFromDate(new Date()),
          },
        },
        { producer: 'auth-gateway', correlationId: 'corr-registered' },
      );
    await call('PUT', '/api/i18n/user-language', user('chose-en'), { language: 'en' });
    const events = [registered('new-en', 'en'), registered('unknown-lang', 'de'), registered('chose-en', 'pl')];
    for (const event of [...events, ...events]) await bus.publish(event.topic, [event]); // redelivered twice
    const languageOf = async (userId: string) =>
      ((await (await call('GET', '/api/i18n/user-language', user(userId))).json()) as { data: { language: string } })
        .data.language;
    await until(async () => (await languageOf('new-en')) === 'en');
    expect(await (await call('GET', '/api/i18n/user-language', user('unknown-lang'))).json()).toEqual({
      data: { language: 'pl' },
    });
    expect(await (await call('GET', '/api/i18n/user-language', user('chose-en'))).json()).toEqual({
      data: { language: 'en' },
    });

    const purged: string[] = [];
    await bus.subscribe({
      group: 'test-admin',
      topics: ['user.purged'],
      handler: (m) => {
        const { userId, service: by } = decodeEventOn('user.purged', m.value).payload.value;
        purged.push(`${userId}:${by}`);
        return Promise.resolve();
      },
    });
    const deleted = encodeEvent(
      {
        case: 'userDeleted',
        value: { userId: 'chose-en', requestedBy: 'admin-1', purge: true, requestedAt: timestampFromDate(new Date()) },
      },
      { producer: 'admin', correlationId: 'corr-delete' },
    );
    await bus.publish(deleted.topic, [deleted]);
    await until(() => Promise.resolve(purged.includes('chose-en:i18n')));
    // The record is gone: the user is back on the default.
    expect(await (await call('GET', '/api/i18n/user-language', user('chose-en'))).json()).toEqual({
      data: { language: 'pl' },
    });
  });
});

describe('i18n main', () => {
  it('exits non-zero naming a missing required variable', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, OTEL_SDK_DISABLED: 'true' };
    delete env.INTERNAL_TOKEN_SECRET;
    const result = spawnSync(process.execPath, ['--conditions=kadr-source', '--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('INTERNAL_TOKEN_SECRET: required but not set');
  });
});
