import { isDuplicateKeyError, MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { DeadLetterHandlingRecord } from '../domain/dead-letters/dead-letter-handling';
import type { DeadLetterHandlingRepository } from './dead-letter-handling.repository';

/** Embedded mode and fast tests: the records in memory, persisted under DATA_DIR/admin when given. */
export class MemoryDeadLetterHandlingRepository implements DeadLetterHandlingRepository {
  private constructor(private readonly records: MemoryCollection<DeadLetterHandlingRecord>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryDeadLetterHandlingRepository> {
    return new MemoryDeadLetterHandlingRepository(
      await MemoryCollection.open<DeadLetterHandlingRecord>({ name: 'dead_letters', ...persistence }),
    );
  }

  async claim(record: DeadLetterHandlingRecord): Promise<{ record: DeadLetterHandlingRecord; created: boolean }> {
    try {
      return { record: await this.records.insertOne(record), created: true };
    } catch (error) {
      const existing = isDuplicateKeyError(error) ? await this.records.findById(record.id) : null;
      if (!existing) throw error;
      return { record: existing, created: false };
    }
  }

  async finishReplay(id: string): Promise<DeadLetterHandlingRecord | null> {
    const updated = await this.records.updateOne(
      id,
      (r) => r.action === 'replaying',
      (r) => {
        r.action = 'replayed';
      },
    );
    return updated ?? this.records.findById(id);
  }

  takeOver(id: string, claimedAt: Date, next: DeadLetterHandlingRecord): Promise<DeadLetterHandlingRecord | null> {
    return this.records.updateOne(
      id,
      (r) => r.action === 'replaying' && r.at.getTime() === claimedAt.getTime(),
      () => ({ ...next, id }),
    );
  }

  async release(id: string, claimedAt: Date): Promise<void> {
    await this.records.deleteOne(
      (r) => r.id === id && r.action === 'replaying' && r.at.getTime() === claimedAt.getTime(),
    );
  }

  findMany(ids: string[]): Promise<DeadLetterHandlingRecord[]> {
    const wanted = new Set(ids);
    return this.records.find((r) => wanted.has(r.id));
  }

  close(): Promise<void> {
    return this.records.close();
  }
}
