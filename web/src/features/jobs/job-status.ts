import type { LiveJobStatus } from '../../live';
import type { BadgeVariant } from '../../ui';

/** The badge colour of each status (the text always says the status too). */
export const STATUS_BADGE: Record<LiveJobStatus, BadgeVariant> = {
  PENDING: 'neutral',
  PROCESSING: 'accent',
  COMPLETED: 'success',
  FAILED: 'danger',
  CANCELLED: 'neutral',
};

/** The progress bar's tone of each status (a cancelled job shows no bar: it stopped on purpose). */
export const STATUS_TONE: Record<Exclude<LiveJobStatus, 'CANCELLED'>, 'accent' | 'success' | 'danger'> = {
  PENDING: 'accent',
  PROCESSING: 'accent',
  COMPLETED: 'success',
  FAILED: 'danger',
};

/** PENDING and PROCESSING: still running, so it can be cancelled. */
export function isActiveStatus(status: LiveJobStatus): boolean {
  return status === 'PENDING' || status === 'PROCESSING';
}
