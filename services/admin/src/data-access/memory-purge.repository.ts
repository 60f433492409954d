import { isDuplicateKeyError, MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { PurgeRecord } from '../domain/purge/purge-record';
import { SERVICE_NAME, type PurgeRepository } from './purge.repository';

/** Embedded mode and fast tests: the purges in memory, persisted under DATA_DIR/admin when given. */
export class MemoryPurgeRepository implements PurgeRepository {
  private constructor(private readonly purges: MemoryCollection<PurgeRecord>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryPurgeRepository> {
    return new MemoryPurgeRepository(await MemoryCollection.open<PurgeRecord>({ name: 'purges', ...persistence }));
  }

  async start(purge: PurgeRecord): Promise<{ purge: PurgeRecord; created: boolean }> {
    try {
      return { purge: await this.purges.insertOne(purge), created: true };
    } catch (error) {
      const existing = isDuplicateKeyError(error) ? await this.purges.findById(purge.id) : null;
      if (!existing) throw error;
      return { purge: existing, created: false };
    }
  }

  async acknowledge(userId: string, service: string, at: Date): Promise<PurgeRecord | null> {
    if (!SERVICE_NAME.test(service)) throw new Error(`not a service name: ${JSON.stringify(service)}`);
    const updated = await this.purges.updateOne(
      userId,
      (p) => p.acknowledgements[service] === undefined,
      (p) => {
        p.acknowledgements[service] = at;
      },
    );
    return updated ?? this.purges.findById(userId);
  }

  async complete(userId: string, at: Date): Promise<PurgeRecord | null> {
    const updated = await this.purges.updateOne(
      userId,
      (p) => p.completedAt === null,
      (p) => {
        p.completedAt = at;
      },
    );
    return updated ?? this.purges.findById(userId);
  }

  find(userId: string): Promise<PurgeRecord | null> {
    return this.purges.findById(userId);
  }

  findMany(userIds: string[]): Promise<PurgeRecord[]> {
    const wanted = new Set(userIds);
    return this.purges.find((p) => wanted.has(p.id));
  }

  close(): Promise<void> {
    return this.purges.close();
  }
}
