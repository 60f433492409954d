/** A user's preferred video provider. */
export interface ProviderSettingRecord {
  userId: string;
  provider: string;
  updatedAt: Date;
}

export interface ProviderSettingsRepository {
  get(userId: string): Promise<ProviderSettingRecord | null>;
  /** Creates or replaces the user's setting (last write wins). */
  set(userId: string, provider: string): Promise<ProviderSettingRecord>;
  /** Idempotent; true when there was one. */
  delete(userId: string): Promise<boolean>;
}
