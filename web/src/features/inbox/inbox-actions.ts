import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NotificationInboxResponse, NotificationPreferences, NotificationView } from '../../api/answer-types';
import {
  getNotificationPreferences,
  getNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../api/endpoints';
import { QUERY_STALE_TIME_MS } from '../../config/constants';
import { withAllRead, withLocalRead, withRead } from './inbox-cache';
import { inboxKeys } from './inbox-query-keys';

/**
 * The inbox through the app's data cache. The list is always read again when a screen shows it
 * (`staleTime: 0`): the cache is kept across reloads, and another device may have read some since.
 */
export const inboxQuery = queryOptions({
  queryKey: inboxKeys.inbox,
  queryFn: ({ signal }) => getNotifications({ signal }),
  staleTime: 0,
});

export const notificationPreferencesQuery = queryOptions({
  queryKey: inboxKeys.preferences,
  queryFn: ({ signal }) => getNotificationPreferences({ signal }),
  // Asked again on every mount: the persisted copy is written at most once a second, so a reload right after a
  // change (or a change made on another device) could otherwise show the old value for minutes.
  refetchOnMount: 'always',
});

/** The server's defaults: both on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { email: true, browser: true };

function updateInbox(
  queryClient: QueryClient,
  change: (inbox: NotificationInboxResponse) => NotificationInboxResponse,
) {
  queryClient.setQueryData<NotificationInboxResponse>(inboxKeys.inbox, (inbox) => (inbox ? change(inbox) : inbox));
}

/**
 * Marks one notification read: shown read at once, then the server's answer (its unread count). A
 * refusal (404: trimmed from the inbox meanwhile) or a failure reads the list again. Never throws.
 */
export async function markRead(queryClient: QueryClient, notification: NotificationView): Promise<void> {
  if (notification.readAt !== null) return;
  updateInbox(queryClient, (inbox) => withLocalRead(inbox, notification.id, new Date().toISOString()));
  try {
    const answer = await markNotificationRead(notification.id);
    updateInbox(queryClient, (inbox) => withRead(inbox, answer.data, answer.unread));
  } catch {
    await queryClient.invalidateQueries({ queryKey: inboxKeys.inbox });
  }
}

/** Marks every notification read; rejects when the server did not (the caller says so). */
export async function markAllRead(queryClient: QueryClient): Promise<void> {
  await markAllNotificationsRead();
  updateInbox(queryClient, (inbox) => withAllRead(inbox, new Date().toISOString()));
}

/**
 * The user's preferences from the cache (read once when not there); the defaults when they cannot
 * be read — a notification the user allowed in the browser is better shown than lost.
 */
export async function readNotificationPreferences(queryClient: QueryClient): Promise<NotificationPreferences> {
  try {
    const answer = await queryClient.fetchQuery({ ...notificationPreferencesQuery, staleTime: QUERY_STALE_TIME_MS });
    return answer.data;
  } catch {
    return DEFAULT_NOTIFICATION_PREFERENCES;
  }
}
