import type { NotificationKind, NotificationView } from '../api/answer-types';

/**
 * The stream's `notifications` frame (issue 20): the user's unread count, and the notification just
 * made — or null when only the read state changed (on another device: the list must be read again).
 * The stream hands each frame here; the inbox (`features/inbox`) listens.
 */
export interface NotificationsEvent {
  unread: number;
  notification: NotificationView | null;
}

export type NotificationsListener = (event: NotificationsEvent) => void;

const listeners = new Set<NotificationsListener>();

const KINDS: ReadonlySet<string> = new Set<NotificationKind>(['job_completed', 'job_failed']);

/** Listens to every well-formed `notifications` frame; returns the unsubscribe function. */
export function onNotificationsEvent(listener: NotificationsListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A frame's parsed data → every listener; a malformed frame changes nothing. */
export function publishNotificationsEvent(data: unknown): void {
  const event = parseNotificationsEvent(data);
  if (!event) return;
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      // One failing listener must not keep the others from hearing of the notification.
      console.error('A notifications listener failed', error);
    }
  }
}

export function parseNotificationsEvent(data: unknown): NotificationsEvent | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { unread, notification } = data as Record<string, unknown>;
  if (typeof unread !== 'number' || !Number.isInteger(unread) || unread < 0) return undefined;
  if (notification === null) return { unread, notification: null };
  const view = notificationViewOf(notification);
  return view ? { unread, notification: view } : undefined;
}

function notificationViewOf(value: unknown): NotificationView | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, kind, jobId, prompt, reason, createdAt, readAt } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof jobId !== 'string' || jobId === '') return undefined;
  if (typeof kind !== 'string' || !KINDS.has(kind)) return undefined;
  if (typeof prompt !== 'string' || typeof createdAt !== 'string') return undefined;
  if (!isTextOrNull(reason) || !isTextOrNull(readAt)) return undefined;
  return { id, kind: kind as NotificationKind, jobId, prompt, reason, createdAt, readAt };
}

function isTextOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}
