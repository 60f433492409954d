import type { NotificationPreferences } from '@kadr/contracts';

/** Both on until the user turns one off (issue 20: e-mail "on by default with an opt-out"). */
export const DEFAULT_PREFERENCES: NotificationPreferences = { email: true, browser: true };

/** Each user's notification preferences; a user without a record has the defaults. */
export interface PreferenceRepository {
  find(userId: string): Promise<NotificationPreferences>;
  /** Sets what `change` names, keeps the rest; the preferences after. */
  update(userId: string, change: Partial<NotificationPreferences>, at: Date): Promise<NotificationPreferences>;
  delete(userId: string): Promise<boolean>;
  close(): Promise<void>;
}
