import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, encodeEvent, LANGUAGE_CODES, timestampFromDate } from '@kadr/contracts';
import { outboxEntryOf } from '@kadr/outbox';
import type { OutboxEntry, User } from './user';

export const PRODUCER = 'auth-gateway';

/** `en`, `en-GB`, `pl_PL` → `en`/`pl`; anything else → `pl` (spec §1: the default is pl). */
export function preferredLanguageOf(locale: string | undefined): string {
  const language = locale?.trim().toLowerCase().split(/[-_]/)[0];
  // The languages Kadr speaks (the contract's); anything else (or nothing) falls back to the product default.
  return LANGUAGE_CODES.find((supported) => supported === language) ?? DEFAULT_LANGUAGE;
}

export interface EventContext {
  correlationId: string;
  traceparent?: string;
}

/** `user.registered` for a new user, encoded now so the outbox holds the exact bytes to publish. */
export function userRegisteredOutboxEntry(
  user: Pick<User, 'id' | 'email' | 'name' | 'issuer' | 'subject' | 'createdAt'>,
  locale: string | undefined,
  context: EventContext,
): OutboxEntry {
  const eventId = randomUUID();
  const message = encodeEvent(
    {
      case: 'userRegistered',
      value: {
        userId: user.id,
        email: user.email,
        name: user.name,
        issuer: user.issuer,
        subject: user.subject,
        preferredLanguage: preferredLanguageOf(locale),
        registeredAt: timestampFromDate(user.createdAt),
      },
    },
    {
      producer: PRODUCER,
      correlationId: context.correlationId,
      eventId,
      occurredAt: user.createdAt,
      traceparent: context.traceparent,
    },
  );
  return { ...outboxEntryOf(message), createdAt: user.createdAt };
}
