import type { JobView } from '@kadr/contracts';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { RECENT_COMPLETED_CAP } from '../../config/constants';
import { useOptionLabels } from '../../features/jobs';
import { useJobStore, useRecentCompletedIds } from '../../live';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Card, EmptyState, ErrorState, Skeleton } from '../../ui';
import { dashboardMessages } from './messages';

export interface RecentCompletedCardProps {
  details: ReadonlyMap<string, JobView>;
  /** The recent-jobs list, newest first (every status). */
  recent: readonly JobView[];
  status: 'pending' | 'error' | 'success';
  error: unknown;
  refreshing: boolean;
  onRetry: () => void;
}

/**
 * The newest completed jobs (at most 12): first those the live stream saw complete on this page
 * (`useRecentCompletedIds`, newest first), then the completed ones of the recent-jobs list.
 */
export function RecentCompletedCard({ details, recent, status, error, refreshing, onRetry }: RecentCompletedCardProps) {
  const { t } = useMessages('dashboard', dashboardMessages);
  const labels = useOptionLabels();
  const liveIds = useRecentCompletedIds();
  const liveJobs = useJobStore((state) => state.jobs);

  const ids: string[] = [];
  for (const id of [...liveIds, ...recent.filter((job) => job.status === 'COMPLETED').map((job) => job.id)]) {
    if (!ids.includes(id)) ids.push(id);
  }
  const shown = ids.slice(0, RECENT_COMPLETED_CAP);

  let body;
  if (shown.length > 0) {
    body = (
      <ol className="dashboard-completed__list" aria-label={t('completed.label')}>
        {shown.map((id) => {
          const job = details.get(id);
          const title = job?.prompt.trim() ? job.prompt : t('completed.untitled');
          const finished = job?.completedAt ?? job?.updatedAt ?? liveJobs[id]?.createdAt ?? null;
          return (
            <li key={id} className="dashboard-completed__item">
              <span className="dashboard-completed__icon" aria-hidden="true">
                <CheckIcon />
              </span>
              <div className="dashboard-completed__text">
                <p className="dashboard-completed__title">{title}</p>
                <p className="dashboard-completed__meta">
                  {job && labels.summary(job)}
                  {job && finished && ' · '}
                  {finished && t('completed.finishedAt', { time: formatDateTime(finished) })}
                </p>
              </div>
              <span className="dashboard-completed__links">
                <Link
                  to="/gallery"
                  className="dashboard-completed__link"
                  aria-label={t('completed.watchLabel', { title })}
                >
                  {t('completed.watch')}
                </Link>
                <Link
                  to={`/jobs/${encodeURIComponent(id)}`}
                  className="dashboard-completed__link"
                  aria-label={t('completed.detailsLabel', { title })}
                >
                  {t('completed.details')}
                </Link>
              </span>
            </li>
          );
        })}
      </ol>
    );
  } else if (status === 'pending') {
    body = (
      <div aria-busy="true" className="dashboard-completed__loading">
        <Skeleton shape="text" lines={2} />
        <Skeleton shape="text" lines={2} />
      </div>
    );
  } else if (status === 'error') {
    body = (
      <ErrorState
        message={t('completed.loadFailed')}
        correlationId={isApiError(error) ? error.correlationId : undefined}
        onRetry={onRetry}
        retrying={refreshing}
      />
    );
  } else {
    body = (
      <EmptyState className="dashboard-empty" title={t('completed.empty')} description={t('completed.emptyHint')} />
    );
  }

  return (
    <Card as="section" className="dashboard-completed" aria-labelledby="dashboard-completed-heading">
      <h2 id="dashboard-completed-heading" className="dashboard-card-title">
        {t('completed.heading')}
      </h2>
      {body}
    </Card>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m5.5 10.5 3 3 6-7" />
    </svg>
  );
}
