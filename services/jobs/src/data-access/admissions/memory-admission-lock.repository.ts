import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { AdmissionLockRepository } from './admission-lock.repository';

interface StoredLease {
  /** The user id. */
  id: string;
  holder: string;
  until: Date;
}

export class MemoryAdmissionLockRepository implements AdmissionLockRepository {
  private constructor(private readonly leases: MemoryCollection<StoredLease>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryAdmissionLockRepository> {
    return new MemoryAdmissionLockRepository(
      await MemoryCollection.open<StoredLease>({ name: 'job-admissions', ...persistence }),
    );
  }

  async tryAcquire(userId: string, holder: string, now: Date, until: Date): Promise<boolean> {
    const { doc } = await this.leases.upsertOne((lease) => lease.id === userId, {
      insert: () => ({ id: userId, holder, until }),
      update: (lease) => {
        if (lease.holder !== holder && lease.until > now) return;
        lease.holder = holder;
        lease.until = until;
      },
    });
    return doc.holder === holder;
  }

  async release(userId: string, holder: string): Promise<void> {
    // Released leases are deleted, so the collection holds only leases in use: the scan is short.
    await this.leases.deleteOne((lease) => lease.id === userId && lease.holder === holder);
  }

  close(): Promise<void> {
    return this.leases.close();
  }
}
