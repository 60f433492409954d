import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminJobView } from '@kadr/contracts';
import { getAdminUserJobs } from '../../api/endpoints';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { ADMIN_USER_JOBS_TAKE } from './admin-users-limits';
import { JobStatusBadge } from './JobStatusBadge';
import { adminUsersMessages } from './messages';
import { UserPagedList } from './UserPagedList';

export interface UserJobsListProps {
  userId: string;
  email: string;
  selectedJobId: string | null;
  onSelectJob: (job: AdminJobView) => void;
}

/** One user's jobs, newest first, paged by the jobs service (`hasNext`). */
export function UserJobsList({ userId, email, selectedJobId, onSelectJob }: UserJobsListProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const [skip, setSkip] = useState(0);
  const take = ADMIN_USER_JOBS_TAKE;
  const jobs = useQuery({
    queryKey: adminKeys.userJobs(userId, skip, take),
    queryFn: ({ signal }) => getAdminUserJobs(userId, { skip, take }, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <UserPagedList query={jobs} skip={skip} take={take} onPage={setSkip} loadingLines={4} list="jobs">
      {(items) => (
        <div className="admin-users-table-frame">
          <table className="admin-users-table admin-users-jobs-table">
            <caption className="visually-hidden">{t('jobs.caption', { email })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('jobs.columns.status')}</th>
                <th scope="col">{t('jobs.columns.prompt')}</th>
                <th scope="col">{t('jobs.columns.model')}</th>
                <th scope="col" className="admin-users-num">
                  {t('jobs.columns.cost')}
                </th>
                <th scope="col">{t('jobs.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((job) => {
                const selected = job.id === selectedJobId;
                return (
                  <tr
                    key={job.id}
                    className={selected ? 'admin-users-row admin-users-row--selected' : 'admin-users-row'}
                  >
                    <td data-label={t('jobs.columns.status')}>
                      <JobStatusBadge status={job.status} />
                    </td>
                    <th scope="row" data-label={t('jobs.columns.prompt')} className="admin-users-prompt-cell">
                      {/* Named by the prompt it shows, then (visually hidden) what it does: an aria-label of
                        the job's id alone would hide the words a voice user reads out (axe label-content-name-mismatch). */}
                      <button
                        type="button"
                        className="admin-users-select admin-users-prompt"
                        aria-pressed={selected}
                        title={job.prompt}
                        onClick={() => onSelectJob(job)}
                      >
                        {job.prompt || t('jobs.noPrompt')}
                        <span className="visually-hidden"> — {t('jobs.select', { id: job.id })}</span>
                      </button>
                    </th>
                    <td data-label={t('jobs.columns.model')}>{job.modelId}</td>
                    <td data-label={t('jobs.columns.cost')} className="admin-users-num">
                      {formatNumber(job.cost)}
                    </td>
                    <td data-label={t('jobs.columns.created')}>
                      <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </UserPagedList>
  );
}
