import type { AdminPurgeStatus } from '@kadr/contracts';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge } from '../../ui';
import { adminUsersMessages } from './messages';

/** The short purge state of the users list: —, "In progress (3/6)" or "Complete". */
export function PurgeBadge({ purge }: { purge: AdminPurgeStatus | undefined | null }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  if (!purge) return <span className="admin-users-muted">{t('purge.none')}</span>;
  if (purge.complete) return <Badge variant="success">{t('purge.complete')}</Badge>;
  const acknowledged = purge.services.filter((service) => service.acknowledged).length;
  return <Badge variant="warning">{t('purge.inProgress', { acknowledged, total: purge.services.length })}</Badge>;
}

/** The purge in full: when it was asked for, and which services have acknowledged it. */
export function PurgeDetail({ purge }: { purge: AdminPurgeStatus }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  return (
    <section className="admin-users-purge" aria-label={t('purge.title')}>
      <p className="admin-users-purge-summary">
        <PurgeBadge purge={purge} /> {t('purge.requestedAt', { at: formatDateTime(purge.requestedAt) })}
        {purge.completedAt && <> · {t('purge.completedAt', { at: formatDateTime(purge.completedAt) })}</>}
      </p>
      <ul className="admin-users-purge-services">
        {purge.services.map((service) => (
          <li key={service.service}>
            <code className="ui-code">{service.service}</code>{' '}
            {service.acknowledged && service.acknowledgedAt
              ? t('purge.acknowledgedAt', { at: formatDateTime(service.acknowledgedAt) })
              : service.acknowledged
                ? t('purge.complete')
                : t('purge.pending')}
          </li>
        ))}
      </ul>
    </section>
  );
}
