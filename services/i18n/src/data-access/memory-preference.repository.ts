import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { LanguageCode } from '@kadr/contracts';
import type { PreferenceRepository, UserPreference } from './preference.repository';

/** Embedded mode: preferences in memory, persisted under DATA_DIR when given. */
export class MemoryPreferenceRepository implements PreferenceRepository {
  private constructor(private readonly preferences: MemoryCollection<UserPreference>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryPreferenceRepository> {
    return new MemoryPreferenceRepository(
      await MemoryCollection.open<UserPreference>({ name: 'preferences', ...persistence }),
    );
  }

  find(userId: string): Promise<UserPreference | null> {
    return this.preferences.findById(userId);
  }

  async setLanguage(userId: string, language: LanguageCode, at: Date): Promise<UserPreference> {
    const { doc } = await this.preferences.upsertOne((p) => p.id === userId, {
      insert: () => ({ id: userId, language, updatedAt: at }),
      update: (p) => ({ ...p, language, updatedAt: at }),
    });
    return doc;
  }

  async createIfAbsent(userId: string, language: LanguageCode, at: Date): Promise<UserPreference> {
    const { doc } = await this.preferences.upsertOne((p) => p.id === userId, {
      insert: () => ({ id: userId, language, updatedAt: at }),
    });
    return doc;
  }

  delete(userId: string): Promise<boolean> {
    return this.preferences.deleteOne(userId);
  }

  close(): Promise<void> {
    return this.preferences.close();
  }
}
