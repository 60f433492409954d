import type { LanguageCode } from '@kadr/contracts';

export interface UserPreference {
  /** The user id (one record per user). */
  id: string;
  language: LanguageCode;
  updatedAt: Date;
}

/** Each user's preferred language. Every write is one single-document operation. */
export interface PreferenceRepository {
  find(userId: string): Promise<UserPreference | null>;
  /** The user's explicit choice: creates or replaces the record. */
  setLanguage(userId: string, language: LanguageCode, at: Date): Promise<UserPreference>;
  /** Creates the record only when none exists (a registration never overrides a choice). */
  createIfAbsent(userId: string, language: LanguageCode, at: Date): Promise<UserPreference>;
  /** True when a record was removed. */
  delete(userId: string): Promise<boolean>;
  close(): Promise<void>;
}
