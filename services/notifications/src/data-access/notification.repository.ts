import type { EmailState, StoredNotification } from '../domain/inbox/notification';

/** The inbox: every user's notifications, the newest `INBOX_SIZE` kept. */
export interface NotificationRepository {
  /** Stores the notification unless one with its id exists; `created` says which. */
  addIfAbsent(notification: StoredNotification): Promise<{ notification: StoredNotification; created: boolean }>;
  find(userId: string, id: string): Promise<StoredNotification | null>;
  /** The user's notifications, newest first. */
  list(userId: string, limit: number): Promise<StoredNotification[]>;
  countUnread(userId: string): Promise<number>;
  /** Deletes the user's notifications beyond the newest `keep`; how many went. */
  trim(userId: string, keep: number): Promise<number>;
  /** Sets `readAt` when unread; the notification (read now or before), null when the user has none with that id. */
  markRead(userId: string, id: string, at: Date): Promise<StoredNotification | null>;
  /** Marks every unread one read; how many changed. */
  markAllRead(userId: string, at: Date): Promise<number>;
  /** Notifications whose e-mail is `pending` with `dueAt` ≤ now, the earliest first. */
  dueEmails(now: Date, limit: number): Promise<StoredNotification[]>;
  /**
   * Replaces the e-mail state only if it is still `expected` (state name, and for `pending` the
   * same `dueAt`): the one conditional write that lets a single dispatcher claim an e-mail.
   */
  updateEmail(id: string, expected: EmailState, next: EmailState): Promise<boolean>;
  deleteForUser(userId: string): Promise<number>;
  deleteForJob(jobId: string): Promise<number>;
  close(): Promise<void>;
}
