import type { JobView } from '@kadr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { getRecentJobs } from '../../api/endpoints';
import { JOB_SEED_TAKE } from '../../config/constants';
import { jobKeys } from '../../features/jobs';

/**
 * The user's newest jobs (`GET /jobs/recent?take=20`, every status): the prompts and options the
 * live store does not carry. When the live store knows a job this list does not have yet (created
 * in another tab, completed while the page was elsewhere), the list is read again — once per job.
 */
export function useRecentJobs(knownIds: readonly string[]) {
  const query = useQuery({
    queryKey: jobKeys.recentJobs(JOB_SEED_TAKE),
    queryFn: ({ signal }) => getRecentJobs(JOB_SEED_TAKE, { signal }),
  });
  const byId = useMemo(
    () => new Map<string, JobView>((query.data?.items ?? []).map((job) => [job.id, job])),
    [query.data],
  );

  const askedFor = useRef(new Set<string>());
  const { isFetching, isSuccess, refetch } = query;
  useEffect(() => {
    if (!isSuccess || isFetching) return;
    const missing = knownIds.filter((id) => !byId.has(id) && !askedFor.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) askedFor.current.add(id);
    void refetch();
  }, [knownIds, byId, isSuccess, isFetching, refetch]);

  return { query, byId };
}
