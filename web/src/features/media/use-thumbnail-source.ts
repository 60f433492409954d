import { useCallback, useEffect, useRef, useState } from 'react';
import { getThumbnail } from '../../api/endpoints';
import { hasJobId, sameOriginThumbnailPath } from './media-item';
import { retryAddress, retryDelayAfterMediaError, waitUnlessAborted } from './media-retry-after';

/**
 * The thumbnail's fallback chain (spec §2, §7):
 * 1. `/thumbs/{jobId}` (same origin, the gateway's byte route); when that image errors because
 *    the gateway's media rate limit answered 429, ONE retry after its `Retry-After` (at most
 *    10 s, see media-retry-after.ts) — a full gallery must not turn into "No preview" cards;
 * 2. on that image's error, ONE lookup of a signed URL (`getThumbnail`), and that URL;
 * 3. when the lookup fails, answers without a URL, or its image errors too: "No preview".
 * Without a job id nothing is requested: "No preview" at once (spec §5).
 */
export type ThumbnailStage =
  { kind: 'image'; src: string; source: 'same-origin' | 'looked-up' } | { kind: 'looking-up' } | { kind: 'none' };

function firstStage(jobId: string | null | undefined): ThumbnailStage {
  return hasJobId(jobId)
    ? { kind: 'image', src: sameOriginThumbnailPath(jobId), source: 'same-origin' }
    : { kind: 'none' };
}

export function useThumbnailSource(jobId: string | null | undefined): {
  stage: ThumbnailStage;
  onImageError: () => void;
} {
  const [state, setState] = useState(() => ({ jobId, stage: firstStage(jobId) }));
  // One lookup per job id for the life of this thumbnail, however many errors follow.
  const lookedUpRef = useRef<string | null>(null);
  // One rate-limit retry per job id, likewise.
  const retriedRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // A new job id starts the chain again (adjusting state during render, React's pattern for it).
  let current = state;
  if (state.jobId !== jobId) {
    current = { jobId, stage: firstStage(jobId) };
    setState(current);
  }
  const { stage } = current;

  useEffect(() => () => abortRef.current?.abort(), []);

  const onImageError = useCallback(() => {
    if (stage.kind !== 'image') return;
    if (stage.source === 'looked-up' || !hasJobId(jobId) || lookedUpRef.current === jobId) {
      setState({ jobId, stage: { kind: 'none' } });
      return;
    }
    const controller = new AbortController();
    abortRef.current?.abort();
    abortRef.current = controller;
    setState({ jobId, stage: { kind: 'looking-up' } });

    const lookUp = () => {
      lookedUpRef.current = jobId;
      getThumbnail(jobId, { signal: controller.signal }).then(
        ({ url }) => {
          if (controller.signal.aborted) return;
          setState({ jobId, stage: url ? { kind: 'image', src: url, source: 'looked-up' } : { kind: 'none' } });
        },
        () => {
          if (controller.signal.aborted) return;
          setState({ jobId, stage: { kind: 'none' } });
        },
      );
    };
    if (retriedRef.current === jobId) {
      lookUp();
      return;
    }
    retriedRef.current = jobId;
    const failedSrc = stage.src;
    void retryDelayAfterMediaError(failedSrc, controller.signal).then(async (waitMs) => {
      if (controller.signal.aborted) return;
      if (waitMs === null) {
        lookUp();
        return;
      }
      await waitUnlessAborted(waitMs, controller.signal);
      if (controller.signal.aborted) return;
      setState({ jobId, stage: { kind: 'image', src: retryAddress(failedSrc), source: 'same-origin' } });
    });
  }, [jobId, stage]);

  return { stage, onImageError };
}
