import { useMemo } from 'react';
import { JOB_SEED_TAKE } from '../../config/constants';
import { jobKeys, useRefreshOnJobCompleted } from '../../features/jobs';
import { useJobStore } from '../../live';
import { useMessages } from '../../i18n/use-messages';
import { useSession } from '../../session/session-store';
import { ButtonLink, PageHeader } from '../../ui';
import { AccountCard } from './AccountCard';
import { ActiveJobsCard } from './ActiveJobsCard';
import { dayPartOf } from './greeting';
import { dashboardMessages } from './messages';
import { QuickGenerate } from './QuickGenerate';
import { RecentCompletedCard } from './RecentCompletedCard';
import { RECENT_VIDEOS_KEY, RecentVideosCard } from './RecentVideosCard';
import { useRecentJobs } from './use-recent-jobs';
import './dashboard.css';

/** Both lists this page shows are read again when a job completes (the gallery's schedule). */
const REFRESHED_ON_COMPLETION = [jobKeys.recentJobs(JOB_SEED_TAKE), RECENT_VIDEOS_KEY];

/** `/dashboard`: balance and plan, live jobs, recent results and a quick way to start another. */
export default function DashboardPage() {
  const { t } = useMessages('dashboard', dashboardMessages);
  const name = useSession((state) => state.user?.name?.trim() || '');
  const part = dayPartOf(new Date());

  const activeIds = useJobStore((state) => state.activeIds);
  const recentCompletedIds = useJobStore((state) => state.recentCompletedIds);
  const knownIds = useMemo(() => [...activeIds, ...recentCompletedIds], [activeIds, recentCompletedIds]);
  const { query: recentQuery, byId } = useRecentJobs(knownIds);
  useRefreshOnJobCompleted(REFRESHED_ON_COMPLETION);

  return (
    <div className="page dashboard-page">
      <PageHeader
        title={name ? t(`greeting.${part}`, { name }) : t(`greeting.${part}NoName`)}
        subtitle={t('subtitle')}
        actions={
          <ButtonLink to="/generate" variant="primary">
            {t('generate')}
          </ButtonLink>
        }
      />
      <div className="dashboard-grid">
        <div className="dashboard-grid__main">
          <div className="dashboard-grid__quick">
            <QuickGenerate />
          </div>
          <div className="dashboard-grid__active">
            <ActiveJobsCard details={byId} />
          </div>
          <div className="dashboard-grid__videos">
            <RecentVideosCard />
          </div>
        </div>
        <div className="dashboard-grid__side">
          <div className="dashboard-grid__account">
            <AccountCard />
          </div>
          <div className="dashboard-grid__completed">
            <RecentCompletedCard
              details={byId}
              recent={recentQuery.data?.items ?? []}
              status={recentQuery.status}
              error={recentQuery.error}
              refreshing={recentQuery.isFetching}
              onRetry={() => void recentQuery.refetch()}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
