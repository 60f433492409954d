import {
  JOB_LIVE_EVENT_NAMES,
  JobProgressKind,
  type JobLiveEventName,
  timestampDate,
  type CreditsChanged,
  type JobCreated,
  type JobProgress,
  NotificationKind,
  type NotificationsChanged,
  type NotificationView,
  type Timestamp,
} from '@kadr/contracts';

/**
 * What the live channel (`GET /bff/sse/jobs`) tells a user, built from the bus events the
 * gateway consumes. The event names and effects are the spec's §4 "Live job status" table;
 * ARCHITECTURE §6: "SSE event names are the spec's lowercase kinds".
 */

export type JobEventName = JobLiveEventName;
export type LiveEventName = JobEventName | 'credits' | 'notifications';

/** Job statuses as users see them (RESERVING is internal and never published). */
export type JobStatusName = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

export interface JobEventData {
  id: string;
  status: JobStatusName;
  /** Percent done, 0–100. */
  progress: number;
  /**
   * When the job was created, ISO 8601. Only `job.created` carries it; the other job events
   * (`job.progress`) do not, so they send null and the client keeps the value it has.
   */
  createdAt: string | null;
}

export interface CreditsEventData {
  balance: number;
  heldCredits: number;
  currency: string;
}

/**
 * The inbox changed (the notifications service): a new notification (the bell, the browser
 * notification, the title count) or, with `notification: null`, read state changed elsewhere.
 */
export interface NotificationsEventData {
  unread: number;
  notification: NotificationView | null;
}

/** One event for one user, as kept in the user's replay log (the user is the log's key). */
export type LiveEvent =
  | { name: JobEventName; data: JobEventData; occurredAt: number }
  | { name: 'credits'; data: CreditsEventData; occurredAt: number }
  | { name: 'notifications'; data: NotificationsEventData; occurredAt: number };

/** A live event addressed to its owner. */
export interface AddressedLiveEvent {
  userId: string;
  event: LiveEvent;
}

const PROGRESS_EVENTS: Record<JobProgressKind, { name: JobEventName; status: JobStatusName } | undefined> = {
  [JobProgressKind.UNSPECIFIED]: undefined,
  [JobProgressKind.QUEUED]: { name: 'queued', status: 'PENDING' },
  [JobProgressKind.STARTED]: { name: 'started', status: 'PROCESSING' },
  [JobProgressKind.PROGRESS]: { name: 'progress', status: 'PROCESSING' },
  [JobProgressKind.COMPLETED]: { name: 'completed', status: 'COMPLETED' },
  [JobProgressKind.FAILED]: { name: 'failed', status: 'FAILED' },
  [JobProgressKind.CANCELLED]: { name: 'cancelled', status: 'CANCELLED' },
};

const clampPercent = (value: number): number => Math.min(100, Math.max(0, Math.round(value)));

/** The event's own time when it carries one, else the envelope's (both producer clocks), in ms. */
function timeOf(own: Timestamp | undefined, fallback: Date): number {
  return (own ? timestampDate(own) : fallback).getTime();
}

/** `job.created` → `created`: the job is PENDING with progress 0. */
export function liveEventOfJobCreated(job: JobCreated, envelopeTime: Date): AddressedLiveEvent | undefined {
  if (!job.userId || !job.jobId) return undefined;
  const occurredAt = timeOf(job.createdAt, envelopeTime);
  return {
    userId: job.userId,
    event: {
      name: 'created',
      data: {
        id: job.jobId,
        status: 'PENDING',
        progress: 0,
        createdAt: job.createdAt ? timestampDate(job.createdAt).toISOString() : null,
      },
      occurredAt,
    },
  };
}

/**
 * `job.progress` → `queued` (PENDING, the given progress), `started` / `progress` (PROCESSING
 * with the reported progress), `completed` (COMPLETED, 100), `failed` (FAILED, the last known
 * progress), `cancelled` (CANCELLED, the last known progress: the job leaves the active list). The status follows from the kind, as the spec's table says; an unknown kind is
 * not streamed.
 */
export function liveEventOfJobProgress(step: JobProgress, envelopeTime: Date): AddressedLiveEvent | undefined {
  const mapped = PROGRESS_EVENTS[step.kind];
  if (!mapped || !step.userId || !step.jobId) return undefined;
  const progress = mapped.name === 'completed' ? 100 : clampPercent(step.progress);
  return {
    userId: step.userId,
    event: {
      name: mapped.name,
      data: { id: step.jobId, status: mapped.status, progress, createdAt: null },
      occurredAt: timeOf(step.occurredAt, envelopeTime),
    },
  };
}

/** `credits.changed` → `credits` with the new totals (the top bar's badge). */
export function liveEventOfCreditsChanged(change: CreditsChanged, envelopeTime: Date): AddressedLiveEvent | undefined {
  if (!change.userId) return undefined;
  return {
    userId: change.userId,
    event: {
      name: 'credits',
      data: { balance: change.balance, heldCredits: change.heldCredits, currency: change.currency },
      occurredAt: timeOf(change.changedAt, envelopeTime),
    },
  };
}

const NOTIFICATION_KIND_NAMES: Partial<Record<NotificationKind, NotificationView['kind']>> = {
  [NotificationKind.JOB_COMPLETED]: 'job_completed',
  [NotificationKind.JOB_FAILED]: 'job_failed',
};

/** `notifications.changed` → `notifications` with the unread count (and the new notification, if one arrived). */
export function liveEventOfNotificationsChanged(
  change: NotificationsChanged,
  envelopeTime: Date,
): AddressedLiveEvent | undefined {
  if (!change.userId) return undefined;
  const arrived = change.notification;
  const kind = arrived ? NOTIFICATION_KIND_NAMES[arrived.kind] : undefined;
  const notification: NotificationView | null =
    arrived && kind && arrived.notificationId && arrived.jobId
      ? {
          id: arrived.notificationId,
          kind,
          jobId: arrived.jobId,
          prompt: arrived.prompt,
          reason: arrived.reason || null,
          createdAt: timeOfDate(arrived.createdAt, envelopeTime).toISOString(),
          readAt: null,
        }
      : null;
  return {
    userId: change.userId,
    event: {
      name: 'notifications',
      data: { unread: change.unreadCount, notification },
      occurredAt: timeOf(change.changedAt, envelopeTime),
    },
  };
}

function timeOfDate(own: Timestamp | undefined, fallback: Date): Date {
  return own ? timestampDate(own) : fallback;
}

const LIVE_EVENT_NAMES = new Set<string>([...JOB_LIVE_EVENT_NAMES, 'credits', 'notifications']);

/** Reads back a stored event (our own JSON); undefined for anything that is not one. */
export function parseLiveEvent(text: string): LiveEvent | undefined {
  try {
    const value = JSON.parse(text) as Partial<LiveEvent> | null;
    if (!value || typeof value.name !== 'string' || !LIVE_EVENT_NAMES.has(value.name)) return undefined;
    if (typeof value.occurredAt !== 'number' || typeof value.data !== 'object' || value.data === null) return undefined;
    return value as LiveEvent;
  } catch {
    return undefined;
  }
}
