import type { QueryClient } from '@tanstack/react-query';
import { GALLERY_REFRESH_DELAYS_MS } from '../../config/constants';
import { onJobCompleted } from '../../live/job-store';
import { jobKeys } from './job-query-keys';

/**
 * App-wide, for the signed-in person's whole visit: a completed job changes the video list and the
 * recent-jobs list wherever they are cached, not only on the screen that is open. Without this a
 * list read earlier stays fresh for the cache's stale time and is shown again as it was — "Watch in
 * gallery" right after a video finished on /generate opened an empty gallery.
 *
 * The lists are marked stale at once and again on the gallery's schedule (the video reaches the
 * media list a moment after the job completes), so the next screen that shows them reads them
 * again. Nothing is fetched here: open screens refresh themselves (`useRefreshOnJobCompleted`, the
 * gallery's `useCompletionRefresh`). Returns the stop function.
 */
export function markJobListsStaleOnCompletion(queryClient: QueryClient): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const markStale = () => {
    for (const queryKey of [jobKeys.allVideos, jobKeys.allRecentJobs]) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
  };
  const unsubscribe = onJobCompleted(() => {
    for (const delay of GALLERY_REFRESH_DELAYS_MS) {
      if (delay === 0) {
        markStale();
        continue;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        markStale();
      }, delay);
      timers.add(timer);
    }
  });
  return () => {
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
