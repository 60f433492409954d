import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { ProviderSettingRecord, ProviderSettingsRepository } from './provider-settings.repository';

interface StoredSetting extends ProviderSettingRecord {
  /** The user id. */
  id: string;
}

const record = ({ userId, provider, updatedAt }: StoredSetting): ProviderSettingRecord => ({
  userId,
  provider,
  updatedAt,
});

export class MemoryProviderSettingsRepository implements ProviderSettingsRepository {
  private constructor(private readonly settings: MemoryCollection<StoredSetting>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryProviderSettingsRepository> {
    return new MemoryProviderSettingsRepository(
      await MemoryCollection.open<StoredSetting>({ name: 'provider-settings', ...persistence }),
    );
  }

  async get(userId: string): Promise<ProviderSettingRecord | null> {
    const found = await this.settings.findById(userId);
    return found ? record(found) : null;
  }

  async set(userId: string, provider: string): Promise<ProviderSettingRecord> {
    const updatedAt = new Date();
    const { doc } = await this.settings.upsertOne((s) => s.id === userId, {
      insert: () => ({ id: userId, userId, provider, updatedAt }),
      update: (s) => {
        s.provider = provider;
        s.updatedAt = updatedAt;
      },
    });
    return record(doc);
  }

  delete(userId: string): Promise<boolean> {
    return this.settings.deleteOne(userId);
  }

  close(): Promise<void> {
    return this.settings.close();
  }
}
