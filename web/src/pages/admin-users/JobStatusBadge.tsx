import type { PublicJobStatus } from '@kadr/contracts';
import { useMessages } from '../../i18n/use-messages';
import { Badge, type BadgeVariant } from '../../ui';
import { adminUsersMessages } from './messages';

const VARIANT: Record<PublicJobStatus, BadgeVariant> = {
  PENDING: 'neutral',
  PROCESSING: 'info',
  COMPLETED: 'success',
  FAILED: 'danger',
  CANCELLED: 'neutral',
};

/** A job's status in words and colour (the text carries it; colour only helps scanning). */
export function JobStatusBadge({ status }: { status: PublicJobStatus }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  return (
    <Badge variant={VARIANT[status]} dot data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
