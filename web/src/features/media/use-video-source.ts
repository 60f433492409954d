import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { getVideoStream } from '../../api/endpoints';
import { logClientError } from '../../telemetry';
import { hasJobId, sameOriginVideoPath, type GalleryVideo } from './media-item';
import { retryAddress, retryDelayAfterMediaError, waitUnlessAborted } from './media-retry-after';

/**
 * Which address the player plays, and what it shows meanwhile (spec §2 "Gallery", §8):
 * - the same-origin `/video/{jobId}` first (cookies, Range requests, no signed URL to expire) —
 *   rate limited by the gateway (429), tried ONCE more after its `Retry-After` (at most 10 s);
 * - when that source errors, the video lookup (`getVideoStream`) and its `url`;
 * - the lookup failing → "Failed to load video URL." with Retry; no address at all → "No URL";
 * - an error of the looked-up source is a playback error: only logged, never shown as a failed lookup.
 */
export type PlayerPhase =
  /** A source is set; "Loading…" until its first frame. */
  | { kind: 'buffering'; src: string; source: 'same-origin' | 'looked-up' }
  /** Playing (or paused) — or failed to play, which is only logged. */
  | { kind: 'ready'; src: string; source: 'same-origin' | 'looked-up' }
  /** Asking the server for the video's URL; "Loading…". */
  | { kind: 'looking-up' }
  | { kind: 'lookup-failed' }
  | { kind: 'no-url' };

function firstPhase(video: Pick<GalleryVideo, 'jobId' | 'url'>): PlayerPhase {
  if (hasJobId(video.jobId)) return { kind: 'buffering', src: sameOriginVideoPath(video.jobId), source: 'same-origin' };
  // No job id: nothing to look up; the item's own address is the only one.
  if (video.url) return { kind: 'buffering', src: video.url, source: 'looked-up' };
  return { kind: 'no-url' };
}

export interface VideoSource {
  phase: PlayerPhase;
  /** The `<video>`'s `loadeddata`: the first frame is there. */
  onVideoLoaded: () => void;
  /** The `<video>`'s `error`. */
  onVideoError: (mediaError: MediaError | null) => void;
  /** "Retry" after a failed lookup. */
  retry: () => void;
}

export function useVideoSource(video: Pick<GalleryVideo, 'jobId' | 'url'>): VideoSource {
  const [phase, setPhase] = useState<PlayerPhase>(() => firstPhase(video));
  const abortRef = useRef<AbortController | null>(null);
  // The one rate-limit retry of the same-origin address.
  const retriedRef = useRef(false);
  const jobId = video.jobId;

  useEffect(() => () => abortRef.current?.abort(), []);

  const lookUp = useCallback(() => {
    if (!hasJobId(jobId)) {
      setPhase({ kind: 'no-url' });
      return;
    }
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ kind: 'looking-up' });
    getVideoStream(jobId, { signal: controller.signal }).then(
      ({ url }) => {
        if (controller.signal.aborted) return;
        if (typeof url !== 'string' || url === '') {
          setPhase({ kind: 'no-url' });
        } else if (url === sameOriginVideoPath(jobId)) {
          // The lookup names the address that just failed: trying it again would loop.
          logPlaybackError(null, jobId, url);
          setPhase({ kind: 'ready', src: url, source: 'looked-up' });
        } else {
          setPhase({ kind: 'buffering', src: url, source: 'looked-up' });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.reason === 'cancelled')) return;
        setPhase({ kind: 'lookup-failed' });
      },
    );
  }, [jobId]);

  const onVideoLoaded = useCallback(() => {
    setPhase((current) => (current.kind === 'buffering' ? { ...current, kind: 'ready' } : current));
  }, []);

  const onVideoError = useCallback(
    (mediaError: MediaError | null) => {
      if (phase.kind !== 'buffering' && phase.kind !== 'ready') return;
      if (phase.source === 'same-origin') {
        if (retriedRef.current) {
          lookUp();
          return;
        }
        retriedRef.current = true;
        abortRef.current?.abort();
        const controller = new AbortController();
        abortRef.current = controller;
        const failedSrc = phase.src;
        setPhase({ kind: 'looking-up' });
        void retryDelayAfterMediaError(failedSrc, controller.signal).then(async (waitMs) => {
          if (controller.signal.aborted) return;
          if (waitMs === null) {
            lookUp();
            return;
          }
          await waitUnlessAborted(waitMs, controller.signal);
          if (controller.signal.aborted) return;
          setPhase({ kind: 'buffering', src: retryAddress(failedSrc), source: 'same-origin' });
        });
        return;
      }
      logPlaybackError(mediaError, jobId, phase.src);
      setPhase({ kind: 'ready', src: phase.src, source: phase.source });
    },
    [phase, lookUp, jobId],
  );

  return { phase, onVideoLoaded, onVideoError, retry: lookUp };
}

function logPlaybackError(mediaError: MediaError | null, jobId: string, src: string): void {
  const error = new Error(mediaError?.message || 'Video playback failed');
  error.name = 'VideoPlaybackError';
  // The signed URL is a credential for a while: log only where it points, never its query.
  logClientError(error, { area: 'video-player', jobId, source: src.split('?')[0], mediaErrorCode: mediaError?.code });
}
