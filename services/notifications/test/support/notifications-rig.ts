import {
  decodeEventOn,
  encodeEvent,
  JobProgressKind,
  timestampFromDate,
  type EventPayloadInit,
  type LanguageCode,
  type NotificationsChanged,
  type UserPresence,
} from '@kadr/contracts';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { MemoryEventBus } from '@kadr/event-bus';
import { mintInternalToken, type InternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import { MemoryMailSender, notificationsConfigSchema, startNotifications, type RunningNotifications } from '../../src';
import type { LanguageSource, PresenceSource } from '../../src/domain/email/email-dispatcher';

export const SECRET = 'test-only-internal-secret-0123456789abcdef';
const KEYS: InternalTokenKeys = { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: SECRET } };

/** The gateway's answers about who is on the site, as the test sets them. */
export class ScriptedPresence implements PresenceSource {
  private readonly answers = new Map<string, UserPresence>();
  unreachable = false;

  set(userId: string, presence: UserPresence): void {
    this.answers.set(userId, presence);
  }

  presenceOf(userId: string): Promise<UserPresence> {
    if (this.unreachable) return Promise.reject(new Error('gateway unreachable'));
    return Promise.resolve(this.answers.get(userId) ?? { lastSeenAt: null, online: false });
  }
}

/** i18n's answers, as the test sets them. */
export class ScriptedLanguages implements LanguageSource {
  readonly chosen = new Map<string, LanguageCode>();

  languageOf(userId: string): Promise<LanguageCode | null> {
    return Promise.resolve(this.chosen.get(userId) ?? null);
  }
}

export interface NotificationsRig {
  service: RunningNotifications;
  bus: MemoryEventBus;
  mail: MemoryMailSender;
  presence: ScriptedPresence;
  languages: ScriptedLanguages;
  /** Every `notifications.changed` published so far. */
  changes: NotificationsChanged[];
  publish(payload: EventPayloadInit, correlationId?: string): Promise<void>;
  call(method: string, route: string, caller: InternalCaller | null, body?: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export const userCaller = (userId: string): InternalCaller => ({ kind: 'user', userId, roles: ['user'] });
export const gatewayCaller: InternalCaller = { kind: 'service', service: 'auth-gateway', roles: [] };

/** The notifications service on memory adapters, with the gateway and i18n played by the test. */
export async function startNotificationsRig(env: Record<string, string> = {}): Promise<NotificationsRig> {
  const bus = new MemoryEventBus();
  const mail = new MemoryMailSender();
  const presence = new ScriptedPresence();
  const languages = new ScriptedLanguages();
  const config = notificationsConfigSchema.parse({
    INTERNAL_TOKEN_SECRET: SECRET,
    UNSUBSCRIBE_TOKEN_SECRET: 'test-only-unsubscribe-secret-0123456789abcdef',
    PUBLIC_URL: 'https://kadr.test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    // The test runs the dispatcher itself.
    EMAIL_SCAN_MS: '3600000',
    ...env,
  });
  const service = await startNotifications(
    { ...config, MONGODB_URI: undefined, KAFKA_BROKERS: undefined, DATA_DIR: undefined, SMTP_URL: undefined },
    { adapters: { eventBus: bus, mail, presence, languages }, defaultMetrics: false },
  );
  const changes: NotificationsChanged[] = [];
  await bus.subscribe({
    group: 'test-gateway',
    topics: ['notifications.changed'],
    handler: (m) => {
      changes.push(decodeEventOn('notifications.changed', m.value).payload.value);
      return Promise.resolve();
    },
  });
  return {
    service,
    bus,
    mail,
    presence,
    languages,
    changes,
    async publish(payload, correlationId = 'corr-test') {
      const event = encodeEvent(payload, { producer: 'test', correlationId });
      await bus.publish(event.topic, [event]);
    },
    async call(method, route, caller, body) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (caller) {
        headers.authorization = `Bearer ${await mintInternalToken(caller, { keys: KEYS, audience: 'notifications' })}`;
      }
      return fetch(`${service.url}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    async stop() {
      await service.stop();
      await bus.close();
    },
  };
}

export const registered = (userId: string, language = 'en'): EventPayloadInit => ({
  case: 'userRegistered',
  value: {
    userId,
    email: `${userId}@example.com`,
    name: userId,
    preferredLanguage: language,
    registeredAt: timestampFromDate(new Date()),
  },
});

export const created = (userId: string, jobId: string, prompt: string): EventPayloadInit => ({
  case: 'jobCreated',
  value: { jobId, userId, prompt, createdAt: timestampFromDate(new Date()) },
});

export const finished = (
  userId: string,
  jobId: string,
  outcome: 'completed' | 'failed' | 'cancelled',
  at: Date = new Date(),
  failure: { errorCode?: string; failureKind?: string } = {},
): EventPayloadInit => ({
  case: 'jobProgress',
  value: {
    jobId,
    userId,
    kind:
      outcome === 'completed'
        ? JobProgressKind.COMPLETED
        : outcome === 'failed'
          ? JobProgressKind.FAILED
          : JobProgressKind.CANCELLED,
    progress: outcome === 'completed' ? 100 : 40,
    occurredAt: timestampFromDate(at),
    ...failure,
  },
});
