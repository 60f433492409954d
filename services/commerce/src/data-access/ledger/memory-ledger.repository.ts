import { MemoryCollection, isDuplicateKeyError, type PersistenceOptions } from '@kadr/documents';
import type { LedgerEntry } from '../../domain/credits/account';
import type { LedgerRepository } from './ledger.repository';

const byTime = { occurredAt: 1, id: 1 } as const;

export class MemoryLedgerRepository implements LedgerRepository {
  private constructor(private readonly entries: MemoryCollection<LedgerEntry>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryLedgerRepository> {
    return new MemoryLedgerRepository(
      await MemoryCollection.open<LedgerEntry>({ name: 'commerce-ledger', ...persistence }),
    );
  }

  async append(entries: readonly LedgerEntry[]): Promise<void> {
    for (const entry of entries) {
      try {
        await this.entries.insertOne(entry);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }

  listByUser(userId: string): Promise<LedgerEntry[]> {
    return this.entries.find((e) => e.userId === userId, { sort: byTime });
  }

  listByReference(userId: string, reference: string): Promise<LedgerEntry[]> {
    return this.entries.find((e) => e.userId === userId && e.reference === reference, { sort: byTime });
  }

  deleteByUser(userId: string): Promise<number> {
    return this.entries.deleteMany((e) => e.userId === userId);
  }

  close(): Promise<void> {
    return this.entries.close();
  }
}
