import type { NotificationPreferences, UserPresence } from '@kadr/contracts';
import type { EmailSkipReason, StoredNotification } from '../inbox/notification';
import type { Recipient } from '../../data-access/recipient.repository';

/** What to do with a due e-mail. */
export type EmailDecision =
  { action: 'send' } | { action: 'skip'; reason: EmailSkipReason } | { action: 'wait'; until: Date };

export interface EmailDecisionInput {
  notification: StoredNotification;
  preferences: NotificationPreferences;
  recipient: Recipient | null;
  presence: UserPresence;
  now: Date;
  /** Every tab closed for at least this long counts as "left" (EMAIL_AWAY_MS). */
  awayMs: number;
}

/**
 * The rule for "e-mail when a job finishes after the user has left (all tabs closed for > 2 min)":
 * - not wanted (opted out), already read, or no address: no e-mail;
 * - a tab is open now, or was after the job finished: the user saw it live — no e-mail;
 * - every tab closed less than `awayMs` ago: wait until `awayMs` after the last one closed, then
 *   decide again (they may come back);
 * - otherwise (gone for longer, or never on the site): send.
 */
export function decideEmail({
  notification,
  preferences,
  recipient,
  presence,
  now,
  awayMs,
}: EmailDecisionInput): EmailDecision {
  if (!preferences.email) return { action: 'skip', reason: 'opted_out' };
  if (notification.readAt) return { action: 'skip', reason: 'read' };
  if (!recipient?.email) return { action: 'skip', reason: 'no_address' };
  if (presence.online) return { action: 'skip', reason: 'seen' };
  const lastSeen = presence.lastSeenAt ? new Date(presence.lastSeenAt) : null;
  if (lastSeen && lastSeen.getTime() >= notification.createdAt.getTime()) return { action: 'skip', reason: 'seen' };
  if (lastSeen && now.getTime() - lastSeen.getTime() < awayMs) {
    return { action: 'wait', until: new Date(lastSeen.getTime() + awayMs) };
  }
  return { action: 'send' };
}
