import { randomUUID } from 'node:crypto';
import { encodeEvent, NotificationKind, timestampFromDate } from '@kadr/contracts';
import type { EventBus } from '@kadr/event-bus';
import type { InboxChanges } from '../../domain/inbox/inbox-changes';

const KINDS = { job_completed: NotificationKind.JOB_COMPLETED, job_failed: NotificationKind.JOB_FAILED } as const;

/** `notifications.changed` on the bus, keyed by user id (one user's changes stay in order). */
export function busInboxChanges(bus: EventBus, producer: string, now: () => Date = () => new Date()): InboxChanges {
  return {
    async changed(userId, notification, unread, correlationId) {
      const event = encodeEvent(
        {
          case: 'notificationsChanged',
          value: {
            userId,
            unreadCount: unread,
            changedAt: timestampFromDate(now()),
            notification: notification
              ? {
                  notificationId: notification.id,
                  kind: KINDS[notification.kind],
                  jobId: notification.jobId,
                  prompt: notification.prompt,
                  reason: notification.reason ?? '',
                  createdAt: timestampFromDate(notification.createdAt),
                }
              : undefined,
          },
        },
        // A change nobody asked for over HTTP (an event's follow-up without one) starts its own trail.
        { producer, correlationId: correlationId ?? randomUUID() },
      );
      await bus.publish(event.topic, [event]);
    },
  };
}
