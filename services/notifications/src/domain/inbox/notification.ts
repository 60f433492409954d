import type { NotificationKindName, NotificationView } from '@kadr/contracts';

/**
 * Where a notification's e-mail stands. `pending` waits for `dueAt`; `sending` is claimed by one
 * dispatcher (a crash there leaves it so: at most one e-mail per job, never a second); the rest
 * are final.
 */
export type EmailState =
  | { state: 'pending'; dueAt: Date; attempts: number }
  | { state: 'sending'; claimedAt: Date; attempts: number }
  | { state: 'sent'; sentAt: Date; messageId: string }
  | { state: 'skipped'; reason: EmailSkipReason; at: Date }
  | { state: 'failed'; at: Date; attempts: number };

/** Why no e-mail went out for a notification. */
export type EmailSkipReason = 'opted_out' | 'seen' | 'read' | 'no_address';

/** One inbox entry: one per finished job (its id is the job id). */
export interface StoredNotification {
  id: string;
  userId: string;
  kind: NotificationKindName;
  jobId: string;
  prompt: string;
  reason: string | null;
  createdAt: Date;
  readAt: Date | null;
  email: EmailState;
}

/** The start of a prompt kept with its notification. */
export const PROMPT_EXCERPT_LENGTH = 200;

export function promptExcerpt(prompt: string): string {
  const chars = [...prompt.trim()];
  return chars.length <= PROMPT_EXCERPT_LENGTH
    ? chars.join('')
    : `${chars.slice(0, PROMPT_EXCERPT_LENGTH - 1).join('')}…`;
}

export function notificationView(n: StoredNotification): NotificationView {
  return {
    id: n.id,
    kind: n.kind,
    jobId: n.jobId,
    prompt: n.prompt,
    reason: n.reason,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt ? n.readAt.toISOString() : null,
  };
}
