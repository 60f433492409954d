import type { AdminUser } from '@kadr/contracts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge } from '../../ui';
import { adminUsersMessages } from './messages';
import { PurgeBadge } from './PurgeStatus';

export interface UsersTableProps {
  users: readonly AdminUser[];
  selectedId: string | null;
  onSelect: (user: AdminUser) => void;
}

/**
 * The users of one page. A real table on wide screens; below 48rem each row becomes a card
 * (admin-users.css), the `data-label` of each cell naming the column that the hidden header did.
 */
export function UsersTable({ users, selectedId, onSelect }: UsersTableProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  return (
    <div className="admin-users-table-frame">
      <table className="admin-users-table">
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.email')}</th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col">{t('columns.tier')}</th>
            <th scope="col" className="admin-users-num">
              {t('columns.balance')}
            </th>
            <th scope="col">{t('columns.jobs')}</th>
            <th scope="col">{t('columns.created')}</th>
            <th scope="col">{t('columns.lastSeen')}</th>
            <th scope="col">{t('columns.purge')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const selected = user.id === selectedId;
            const email = user.email || t('list.noEmail');
            return (
              <tr key={user.id} className={selected ? 'admin-users-row admin-users-row--selected' : 'admin-users-row'}>
                <th scope="row" className="admin-users-email-cell">
                  <button
                    type="button"
                    className="admin-users-select"
                    aria-pressed={selected}
                    aria-label={t('list.select', { email })}
                    onClick={() => onSelect(user)}
                  >
                    {email}
                  </button>
                </th>
                <td data-label={t('columns.name')}>{user.name || t('list.noName')}</td>
                <td data-label={t('columns.tier')}>
                  <span className="admin-users-tier">
                    <Badge variant={user.tier === 'FREE' ? 'neutral' : 'accent'}>{user.tier}</Badge>
                    <span className="admin-users-muted">{t(`plan.${user.plan ?? 'none'}`)}</span>
                  </span>
                </td>
                <td data-label={t('columns.balance')} className="admin-users-num">
                  {formatNumber(user.balance)}
                </td>
                <td data-label={t('columns.jobs')}>
                  <span className="admin-users-jobs">
                    <span>{t('jobsCount.summary', { total: formatNumber(user.jobs.total) })}</span>
                    <span className="admin-users-muted">
                      {t('jobsCount.detail', {
                        completed: formatNumber(user.jobs.completed),
                        failed: formatNumber(user.jobs.failed),
                        active: formatNumber(user.jobs.active),
                      })}
                    </span>
                  </span>
                </td>
                <td data-label={t('columns.created')}>
                  <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
                </td>
                <td data-label={t('columns.lastSeen')}>
                  <time dateTime={user.lastSeenAt}>{formatDateTime(user.lastSeenAt)}</time>
                </td>
                <td data-label={t('columns.purge')}>
                  <PurgeBadge purge={user.purge} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
