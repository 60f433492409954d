import type { NotificationInboxResponse, NotificationView } from '../../api/answer-types';
import { INBOX_SIZE } from '../../config/constants';

/**
 * The inbox's cached answer changed by what happened since it was read: a notification that
 * arrived live, one read here, all read. Pure functions over `GET /notifications`'s answer; the
 * unread count is always the server's latest (each event and answer carries it), except in
 * `withLocalRead`, the guess shown until the server answers.
 */

/** A notification told by the stream: at the top (or in its place, when it is known already); the list keeps 50. */
export function withArrival(
  inbox: NotificationInboxResponse,
  notification: NotificationView,
  unread: number,
): NotificationInboxResponse {
  const known = inbox.data.some((entry) => entry.id === notification.id);
  const data = known
    ? inbox.data.map((entry) => (entry.id === notification.id ? notification : entry))
    : [notification, ...inbox.data].slice(0, INBOX_SIZE);
  return { data, unread };
}

/** The server's answer to reading one notification. */
export function withRead(
  inbox: NotificationInboxResponse,
  notification: NotificationView,
  unread: number,
): NotificationInboxResponse {
  return { data: inbox.data.map((entry) => (entry.id === notification.id ? notification : entry)), unread };
}

/** Read here, before the server has answered: shown read at once, one fewer unread. */
export function withLocalRead(inbox: NotificationInboxResponse, id: string, readAt: string): NotificationInboxResponse {
  const entry = inbox.data.find((candidate) => candidate.id === id);
  if (!entry || entry.readAt !== null) return inbox;
  return withRead(inbox, { ...entry, readAt }, Math.max(0, inbox.unread - 1));
}

/** Everything read (the answer to "Mark all as read"). */
export function withAllRead(inbox: NotificationInboxResponse, readAt: string): NotificationInboxResponse {
  return { data: inbox.data.map((entry) => (entry.readAt === null ? { ...entry, readAt } : entry)), unread: 0 };
}

export function isUnread(notification: NotificationView): boolean {
  return notification.readAt === null;
}
