import type { CSSProperties } from 'react';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** `text` lines, `rect` blocks (thumbnails), `circle` avatars. */
  shape?: 'text' | 'rect' | 'circle';
  /** For `text`: several lines, the last one shorter. */
  lines?: number;
  /** e.g. the thumbnail ratio from constants (THUMBNAIL_ASPECT_RATIO). */
  aspectRatio?: CSSProperties['aspectRatio'];
  className?: string;
}

/**
 * A shimmering placeholder while content loads. Decorative: the surrounding region says it is busy
 * (aria-busy or a Spinner), so skeletons are hidden from assistive tech.
 */
export function Skeleton({ width, height, shape = 'rect', lines = 1, aspectRatio, className }: SkeletonProps) {
  const classes = ['ui-skeleton', `ui-skeleton--${shape}`, className].filter(Boolean).join(' ');
  if (shape === 'text' && lines > 1) {
    return (
      <span className="ui-skeleton-lines" aria-hidden="true" style={{ width }}>
        {Array.from({ length: lines }, (_, index) => (
          <span key={index} className={classes} style={index === lines - 1 ? { width: '60%' } : undefined} />
        ))}
      </span>
    );
  }
  return <span className={classes} aria-hidden="true" style={{ width, height, aspectRatio }} />;
}
