import type { EventBus } from '@kadr/event-bus';
import { OutboxRelay, entriesSource, type OutboxRelayOptions } from '@kadr/outbox';
import type { UserRepository } from '../users/user.repository';

export interface UsersOutboxRelayOptions extends Omit<OutboxRelayOptions, 'sources'> {
  users: Pick<UserRepository, 'takeOutbox' | 'removeFromOutbox' | 'outboxStats'>;
  bus: Pick<EventBus, 'publish'>;
}

/** Publishes the events waiting in users' outboxes (`user.registered`), then pulls them off. */
export function usersOutboxRelay({ users, bus, ...relay }: UsersOutboxRelayOptions): OutboxRelay {
  const outbox = {
    name: 'users',
    take: async (limit: number) =>
      (await users.takeOutbox(limit)).map(({ userId, entries }) => ({ aggregateId: userId, entries })),
    remove: (userId: string, ids: readonly string[]) => users.removeFromOutbox(userId, ids),
    stats: () => users.outboxStats(),
  };
  return new OutboxRelay({ ...relay, sources: [entriesSource(outbox, bus)] });
}
