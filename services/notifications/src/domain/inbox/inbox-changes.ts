import type { StoredNotification } from './notification';

/** Where inbox changes are announced (the `notifications.changed` topic; the gateway streams them). */
export interface InboxChanges {
  /** A notification arrived (null: read state or contents changed), with the unread count after it. */
  changed(
    userId: string,
    notification: StoredNotification | null,
    unread: number,
    correlationId?: string,
  ): Promise<void>;
}
