import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { GALLERY_REFRESH_DELAYS_MS } from '../../config/constants';
import { onJobCompleted } from '../../live';

/**
 * Reloads the given queries whenever a job completes: at once, then after 0.8 s and 2.5 s (spec §4,
 * the gallery's schedule) — the video reaches the media list a moment after the job completes.
 * Timers are cleared when the screen goes.
 */
export function useRefreshOnJobCompleted(queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const keysRef = useRef(queryKeys);
  keysRef.current = queryKeys;

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const refresh = () => {
      for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
    };
    const unsubscribe = onJobCompleted(() => {
      for (const delay of GALLERY_REFRESH_DELAYS_MS) {
        if (delay === 0) {
          refresh();
          continue;
        }
        const timer = setTimeout(() => {
          timers.delete(timer);
          refresh();
        }, delay);
        timers.add(timer);
      }
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [queryClient]);
}
