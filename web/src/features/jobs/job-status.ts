import type { LiveJobStatus } from '../../live';
import type { BadgeVariant } from '../../ui';

/** The badge colour of each status (the text always says the status too). */
export const STATUS_BADGE: Record<LiveJobStatus, BadgeVariant> = {
  PENDING: 'neutral',
  PROCESSING: 'accent',
  COMPLETED: 'success',
  FAILED: 'danger',
};

/** The progress bar's tone of each status. */
export const STATUS_TONE: Record<LiveJobStatus, 'accent' | 'success' | 'danger'> = {
  PENDING: 'accent',
  PROCESSING: 'accent',
  COMPLETED: 'success',
  FAILED: 'danger',
};
