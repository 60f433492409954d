import { isDuplicateKeyError, MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { LogEntryRecord } from '../domain/audit/log-entry';
import type { LogPage, LogQuery, LogRepository } from './log.repository';

/** Embedded mode and fast tests: the log in memory, persisted under DATA_DIR/admin when given. */
export class MemoryLogRepository implements LogRepository {
  private constructor(private readonly entries: MemoryCollection<LogEntryRecord>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryLogRepository> {
    return new MemoryLogRepository(await MemoryCollection.open<LogEntryRecord>({ name: 'audit', ...persistence }));
  }

  async append(entry: LogEntryRecord): Promise<boolean> {
    try {
      await this.entries.insertOne(entry);
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async query({ skip, take, action, userId, kind, from, to }: LogQuery): Promise<LogPage> {
    const matches = (e: Pick<LogEntryRecord, 'action' | 'userId' | 'actorId' | 'kind' | 'at'>) =>
      (action === undefined || e.action === action) &&
      (userId === undefined || e.userId === userId || e.actorId === userId) &&
      (kind === undefined || e.kind === kind) &&
      (from === undefined || e.at.getTime() >= from.getTime()) &&
      (to === undefined || e.at.getTime() <= to.getTime());
    const [items, total] = await Promise.all([
      this.entries.find(matches, { sort: { at: -1, id: -1 }, skip, limit: take }),
      this.entries.count(matches),
    ]);
    return { items, total };
  }

  deleteSystemEventsOf(userId: string): Promise<number> {
    return this.entries.deleteMany((e) => e.kind === 'system_event' && e.userId === userId);
  }

  close(): Promise<void> {
    return this.entries.close();
  }
}
