import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { NotificationPreferences } from '@kadr/contracts';
import { DEFAULT_PREFERENCES, type PreferenceRepository } from './preference.repository';

interface StoredPreferences extends NotificationPreferences {
  /** The user id. */
  id: string;
  updatedAt: Date;
}

/** Embedded mode: preferences in memory, persisted under DATA_DIR when given. */
export class MemoryPreferenceRepository implements PreferenceRepository {
  private constructor(private readonly preferences: MemoryCollection<StoredPreferences>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryPreferenceRepository> {
    return new MemoryPreferenceRepository(
      await MemoryCollection.open<StoredPreferences>({ name: 'preferences', ...persistence }),
    );
  }

  async find(userId: string): Promise<NotificationPreferences> {
    const stored = await this.preferences.findById(userId);
    return stored ? { email: stored.email, browser: stored.browser } : { ...DEFAULT_PREFERENCES };
  }

  async update(userId: string, change: Partial<NotificationPreferences>, at: Date): Promise<NotificationPreferences> {
    const { doc } = await this.preferences.upsertOne((p) => p.id === userId, {
      insert: () => ({ id: userId, ...DEFAULT_PREFERENCES, ...change, updatedAt: at }),
      update: (p) => ({ ...p, ...change, updatedAt: at }),
    });
    return { email: doc.email, browser: doc.browser };
  }

  delete(userId: string): Promise<boolean> {
    return this.preferences.deleteOne(userId);
  }

  close(): Promise<void> {
    return this.preferences.close();
  }
}
