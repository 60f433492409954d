import type { QueryClient } from '@tanstack/react-query';
import type { NotificationInboxResponse, NotificationView } from '../../api/answer-types';
import { useJobStore } from '../../live/job-store';
import { onNotificationsEvent } from '../../live/notification-events';
import { withArrival } from './inbox-cache';
import { inboxKeys } from './inbox-query-keys';

export interface InboxLiveOptions {
  queryClient: QueryClient;
  /** A notification this page had not heard of, still unread: for the browser notification and the title. */
  onArrival?: (notification: NotificationView) => void;
}

/**
 * Keeps the cached inbox current from the live stream (issue 20), for as long as the signed-in
 * shell shows:
 * - a new notification goes to the top of the list (50 kept) with the unread count it came with;
 *   one already in the list (a replayed frame) only takes its place, and is not announced again;
 * - `notification: null` (read on another device) reads the list again;
 * - when the stream opens again after being closed (hidden page, error), the list is read again if
 *   it is older than the closing: frames may have been missed.
 * Returns the stop function.
 */
export function followInboxLive({ queryClient, onArrival }: InboxLiveOptions): () => void {
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.inbox });

  const stopEvents = onNotificationsEvent(({ unread, notification }) => {
    if (notification === null) {
      readAgain();
      return;
    }
    const inbox = queryClient.getQueryData<NotificationInboxResponse>(inboxKeys.inbox);
    const known = inbox?.data.some((entry) => entry.id === notification.id) ?? false;
    if (inbox) queryClient.setQueryData(inboxKeys.inbox, withArrival(inbox, notification, unread));
    else readAgain();
    if (!known && notification.readAt === null) onArrival?.(notification);
  });

  let closedAt: number | null = null;
  const stopConnection = useJobStore.subscribe((state, previous) => {
    if (state.connected === previous.connected) return;
    if (!state.connected) {
      closedAt = Date.now();
      return;
    }
    const readAt = queryClient.getQueryState(inboxKeys.inbox)?.dataUpdatedAt ?? 0;
    if (closedAt !== null && readAt < closedAt) readAgain();
  });

  return () => {
    stopEvents();
    stopConnection();
  };
}
