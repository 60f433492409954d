import { QueryClient } from '@tanstack/react-query';
import { GALLERY_REFRESH_DELAYS_MS } from '../../config/constants';
import { applyLiveEvent, resetJobs } from '../../live/job-store';
import { jobKeys } from './job-query-keys';
import { markJobListsStaleOnCompletion } from './mark-lists-stale-on-completion';

const LISTS = [jobKeys.videos(1, 12), jobKeys.videos(2, 12), jobKeys.recentJobs(20)];
const OTHER = jobKeys.groupedModels;

function cachedLists(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000 } } });
  for (const key of [...LISTS, OTHER]) queryClient.setQueryData(key, { data: [] });
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

const complete = (id: string) =>
  applyLiveEvent('completed', { id, status: 'COMPLETED', progress: 100, createdAt: null });

describe('markJobListsStaleOnCompletion', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetJobs();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('marks every cached video page and recent-jobs list stale when a job completes, and nothing else', () => {
    const queryClient = cachedLists();
    const fetchQuery = jest.spyOn(queryClient, 'fetchQuery');
    const stop = markJobListsStaleOnCompletion(queryClient);

    for (const key of LISTS) expect(invalidated(queryClient, key)).toBe(false);
    complete('j1');
    for (const key of LISTS) expect(invalidated(queryClient, key)).toBe(true);
    expect(invalidated(queryClient, OTHER)).toBe(false);
    // Marked only: the screen that shows a list next reads it again (nothing is fetched here).
    expect(fetchQuery).not.toHaveBeenCalled();
    stop();
  });

  it('marks them again on the gallery schedule (the video lands in the media list a moment later)', () => {
    const queryClient = cachedLists();
    const stop = markJobListsStaleOnCompletion(queryClient);
    complete('j1');
    for (const delay of GALLERY_REFRESH_DELAYS_MS.filter((d) => d > 0)) {
      // A screen read the list meanwhile: fresh again, until the next mark.
      queryClient.setQueryData(jobKeys.videos(1, 12), { data: [] });
      expect(invalidated(queryClient, jobKeys.videos(1, 12))).toBe(false);
      jest.advanceTimersByTime(delay);
      expect(invalidated(queryClient, jobKeys.videos(1, 12))).toBe(true);
    }
    stop();
  });

  it('stops listening and drops its pending marks when stopped', () => {
    const queryClient = cachedLists();
    const stop = markJobListsStaleOnCompletion(queryClient);
    complete('j1');
    queryClient.setQueryData(jobKeys.videos(1, 12), { data: [] });
    stop();
    jest.runAllTimers();
    expect(invalidated(queryClient, jobKeys.videos(1, 12))).toBe(false);
    complete('j2');
    expect(invalidated(queryClient, jobKeys.videos(1, 12))).toBe(false);
  });
});
