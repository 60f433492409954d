import { EVENT_HEADER } from '@kadr/contracts';
import type { EventBus, OutgoingMessage } from '@kadr/event-bus';
import { OutboxRelay as SharedOutboxRelay, type OutboxSource } from '@kadr/outbox';
import type { Logger } from '@kadr/telemetry';
import type { OutboxEntry } from '../../domain/identity/user';
import type { UserRepository } from '../users/user.repository';

export interface OutboxRelayOptions {
  users: Pick<UserRepository, 'takeOutbox' | 'removeFromOutbox'>;
  bus: EventBus;
  logger: Logger;
  /** How often pending entries are looked for besides the nudge after each write. Default 1 s. */
  intervalMs?: number;
  /** Users read per pass. Default 50. */
  batchSize?: number;
  /** A publish that takes longer counts as failed (Kafka's producer retries for a long time). Default 10 s. */
  publishTimeoutMs?: number;
}

function toMessage(entry: OutboxEntry): OutgoingMessage {
  return {
    key: entry.key,
    value: Buffer.from(entry.value, 'base64'),
    headers: {
      [EVENT_HEADER.eventId]: entry.id,
      [EVENT_HEADER.eventType]: entry.topic,
      [EVENT_HEADER.correlationId]: entry.correlationId,
      ...(entry.traceparent ? { [EVENT_HEADER.traceparent]: entry.traceparent } : {}),
    },
  };
}

/** The users' outboxes as a relay source: each entry is published on the bus under its own event id. */
export function usersOutbox(users: OutboxRelayOptions['users'], bus: EventBus): OutboxSource {
  return {
    name: 'users',
    take: async (limit) =>
      (await users.takeOutbox(limit)).map(({ userId, entries }) => ({
        aggregateId: userId,
        items: entries.map((entry) => ({ id: entry.id, deliver: () => bus.publish(entry.topic, [toMessage(entry)]) })),
      })),
    remove: (userId, ids) => users.removeFromOutbox(userId, ids),
  };
}

/**
 * Publishes the events waiting in users' outboxes (`user.registered`), then pulls them off —
 * the shared relay of @kadr/outbox over the users collection.
 */
export class OutboxRelay extends SharedOutboxRelay {
  constructor({ users, bus, logger, intervalMs, batchSize, publishTimeoutMs }: OutboxRelayOptions) {
    super({ sources: [usersOutbox(users, bus)], logger, intervalMs, batchSize, deliveryTimeoutMs: publishTimeoutMs });
  }
}
