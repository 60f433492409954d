import type { EventBus } from '@kadr/event-bus';
import { publishEntry, type OutboxEntry } from './outbox-entry';
import type { OutboxStats } from './outbox-metrics';
import type { OutboxSource } from './outbox-relay';

/** One aggregate's waiting entries, oldest first. */
export interface PendingEntries {
  aggregateId: string;
  entries: OutboxEntry[];
}

/** Where an aggregate collection keeps encoded entries (its repository). */
export interface EntryOutbox {
  name: string;
  take(limit: number): Promise<PendingEntries[]>;
  remove(aggregateId: string, ids: readonly string[]): Promise<void>;
  /** Entries waiting and when the oldest was written (its `createdAt`). */
  stats(): Promise<OutboxStats>;
}

/** An outbox of encoded entries as a relay source: each entry is published on its topic, in the trace that wrote it. */
export function entriesSource(outbox: EntryOutbox, bus: Pick<EventBus, 'publish'>): OutboxSource {
  return {
    name: outbox.name,
    take: async (limit) =>
      (await outbox.take(limit)).map(({ aggregateId, entries }) => ({
        aggregateId,
        items: entries.map((entry) => ({ id: entry.id, deliver: () => publishEntry(bus, entry) })),
      })),
    remove: (aggregateId, ids) => outbox.remove(aggregateId, ids),
    stats: () => outbox.stats(),
  };
}
