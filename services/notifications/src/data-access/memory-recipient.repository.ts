import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { Recipient, RecipientRepository } from './recipient.repository';

/** Embedded mode: recipients in memory, persisted under DATA_DIR when given. */
export class MemoryRecipientRepository implements RecipientRepository {
  private constructor(private readonly recipients: MemoryCollection<Recipient>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryRecipientRepository> {
    return new MemoryRecipientRepository(
      await MemoryCollection.open<Recipient>({ name: 'recipients', ...persistence }),
    );
  }

  async save(recipient: Recipient): Promise<void> {
    await this.recipients.upsertOne((r) => r.id === recipient.id, {
      insert: () => recipient,
      update: () => recipient,
    });
  }

  find(userId: string): Promise<Recipient | null> {
    return this.recipients.findById(userId);
  }

  delete(userId: string): Promise<boolean> {
    return this.recipients.deleteOne(userId);
  }

  close(): Promise<void> {
    return this.recipients.close();
  }
}
