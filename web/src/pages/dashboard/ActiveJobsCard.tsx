import type { JobView } from '@kadr/contracts';
import { useRef } from 'react';
import { ActiveJobsList, LiveIndicator, useOptionLabels } from '../../features/jobs';
import { useActiveJobs } from '../../live';
import { useMessages } from '../../i18n/use-messages';
import { ButtonLink, Card, EmptyState } from '../../ui';
import { dashboardMessages } from './messages';

export interface ActiveJobsCardProps {
  /** Prompts and options of the user's recent jobs, by id. */
  details: ReadonlyMap<string, JobView>;
}

/** PENDING and PROCESSING jobs from the live store (re-seeded by the stream), with progress and Cancel. */
export function ActiveJobsCard({ details }: ActiveJobsCardProps) {
  const { t } = useMessages('dashboard', dashboardMessages);
  const labels = useOptionLabels();
  const jobs = useActiveJobs();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Card as="section" className="dashboard-active" aria-labelledby="dashboard-active-heading">
      <div className="dashboard-card-header">
        <h2 id="dashboard-active-heading" className="dashboard-card-title" ref={headingRef} tabIndex={-1}>
          {t('active.heading')}
        </h2>
        <LiveIndicator />
      </div>
      <ActiveJobsList
        jobs={jobs}
        label={t('active.label')}
        cancel={{ focusAfter: headingRef }}
        detailsOf={(id) => {
          const job = details.get(id);
          return job ? { title: job.prompt, meta: labels.summary(job) } : undefined;
        }}
        empty={
          <EmptyState
            className="dashboard-empty"
            icon={<SparkIcon />}
            title={t('active.empty')}
            description={t('active.emptyHint')}
            action={
              <ButtonLink to="/generate" variant="primary" size="sm">
                {t('generate')}
              </ButtonLink>
            }
          />
        }
      />
    </Card>
  );
}

function SparkIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10 2.5v3M10 14.5v3M2.5 10h3M14.5 10h3M4.7 4.7l2.1 2.1M13.2 13.2l2.1 2.1M4.7 15.3l2.1-2.1M13.2 6.8l2.1-2.1" />
    </svg>
  );
}
