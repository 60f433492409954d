import { useMemo } from 'react';
import { useJobStore, type LiveJob } from './job-store';

/** The PENDING and PROCESSING jobs, newest first (a new array only when they change). */
export function useActiveJobs(): LiveJob[] {
  const activeIds = useJobStore((state) => state.activeIds);
  const jobs = useJobStore((state) => state.jobs);
  return useMemo(
    () => activeIds.map((id) => jobs[id]).filter((job): job is LiveJob => job !== undefined),
    [activeIds, jobs],
  );
}

/** Ids of the jobs that completed while the page listened, newest first (at most 12). */
export function useRecentCompletedIds(): string[] {
  return useJobStore((state) => state.recentCompletedIds);
}

/** The event stream is open. */
export function useLiveConnected(): boolean {
  return useJobStore((state) => state.connected);
}

/** One job's live state, or undefined when the page knows nothing of it. */
export function useLiveJob(id: string | undefined): LiveJob | undefined {
  return useJobStore((state) => (id === undefined ? undefined : state.jobs[id]));
}

/** The three together, for screens that show all of them. */
export function useLiveJobs(): { activeJobs: LiveJob[]; recentCompletedIds: string[]; connected: boolean } {
  const activeJobs = useActiveJobs();
  const recentCompletedIds = useRecentCompletedIds();
  const connected = useLiveConnected();
  return { activeJobs, recentCompletedIds, connected };
}
