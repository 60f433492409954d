import { useEffect, useMemo, useRef, useState } from 'react';
import { GALLERY_REFRESH_DELAYS_MS } from '../../config/constants';
import { onJobCompleted } from '../../live';
import { placeholderVideo, type GalleryVideo } from './media-item';

export interface CompletionRefreshOptions {
  /**
   * The job ids of the list's first page as last loaded; undefined while it is not known (loading,
   * or another page is shown). A placeholder goes once its job is listed.
   */
  listedJobIds: readonly string[] | undefined;
  /** Reloads the list (called at once, after 0.8 s and after 2.5 s of each completion). */
  reload: () => void;
}

/**
 * Spec §4 "Gallery refresh on completion": when a job completes, a placeholder card for it at once
 * (filename `video-{jobId}.mp4`, empty urls) unless the list already has it, and the list reloaded
 * at once, after 0.8 s and after 2.5 s — the media record lands a moment after the job's event.
 * Returns the placeholders to put in front of the first page, newest first. Timers are cleared
 * when the screen goes.
 *
 * Decision: a placeholder stays until its video is listed (or the screen goes); it is not timed
 * out, since a slow media record is still on its way and the person keeps seeing that it is.
 */
export function useCompletionRefresh({ listedJobIds, reload }: CompletionRefreshOptions): GalleryVideo[] {
  const [placeholders, setPlaceholders] = useState<GalleryVideo[]>([]);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const listedRef = useRef(listedJobIds);
  listedRef.current = listedJobIds;

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = onJobCompleted((job) => {
      if (!listedRef.current?.includes(job.id)) {
        setPlaceholders((current) =>
          current.some((item) => item.jobId === job.id)
            ? current
            : [placeholderVideo(job.id, new Date().toISOString()), ...current],
        );
      }
      for (const delay of GALLERY_REFRESH_DELAYS_MS) {
        if (delay === 0) {
          reloadRef.current();
          continue;
        }
        const timer = setTimeout(() => {
          timers.delete(timer);
          reloadRef.current();
        }, delay);
        timers.add(timer);
      }
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  // Forget placeholders whose real item has arrived (they are filtered out below meanwhile).
  useEffect(() => {
    if (!listedJobIds) return;
    setPlaceholders((current) => {
      const waiting = current.filter((item) => !listedJobIds.includes(item.jobId));
      return waiting.length === current.length ? current : waiting;
    });
  }, [listedJobIds]);

  return useMemo(
    () => (listedJobIds ? placeholders.filter((item) => !listedJobIds.includes(item.jobId)) : placeholders),
    [placeholders, listedJobIds],
  );
}
