import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ExampleClip } from './examples';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

export interface LoopingClipProps {
  clip: ExampleClip;
  /** Accessible name of the video. */
  label: string;
  className?: string;
}

/**
 * A short muted loop that plays only while on screen and loads nothing before it is needed
 * (`preload="none"`, the poster stands in). With reduced motion it never starts by itself: it
 * shows controls instead.
 */
export function LoopingClip({ clip, label, className }: LoopingClipProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);

  useEffect(() => {
    const video = ref.current;
    if (!video || reducedMotion || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting)
          video.play().catch(() => undefined); // autoplay refused: the poster stays
        else video.pause();
      },
      { threshold: 0.3 },
    );
    observer.observe(video);
    return () => {
      observer.disconnect();
      video.pause();
    };
  }, [reducedMotion]);

  return (
    <video
      ref={ref}
      className={className}
      muted
      loop
      playsInline
      preload="none"
      poster={clip.poster}
      controls={reducedMotion}
      disablePictureInPicture
      aria-label={label}
      width={640}
      height={360}
    >
      <source src={clip.video} type="video/mp4" />
    </video>
  );
}
