import type { ReactNode } from 'react';
import type { LiveJob } from '../../live';
import type { CancelJobOptions } from './CancelJobButton';
import { JobProgressCard } from './JobProgressCard';

export interface JobDetails {
  title?: string | undefined;
  meta?: ReactNode;
}

export interface ActiveJobsListProps {
  /** The jobs to show, in order (usually `useActiveJobs()`). */
  jobs: readonly LiveJob[];
  /** What is known of a job besides its live state (prompt, options); undefined when nothing yet. */
  detailsOf?: (id: string) => JobDetails | undefined;
  /** Shown when there are no jobs. */
  empty: ReactNode;
  label: string;
  /** Offers "Cancel" on each running job (see `CancelJobButton`). */
  cancel?: CancelJobOptions | undefined;
}

/** A list of live job cards, or the empty state when there are none. */
export function ActiveJobsList({ jobs, detailsOf, empty, label, cancel }: ActiveJobsListProps) {
  if (jobs.length === 0) return <>{empty}</>;
  return (
    <ul className="jobs-list" aria-label={label}>
      {jobs.map((job) => {
        const details = detailsOf?.(job.id);
        return (
          <JobProgressCard key={job.id} as="li" job={job} title={details?.title} meta={details?.meta} cancel={cancel} />
        );
      })}
    </ul>
  );
}
