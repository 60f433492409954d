import { useState } from 'react';
import { THUMBNAIL_ASPECT_RATIO } from '../../config/constants';
import { useMessages } from '../../i18n/use-messages';
import { mediaMessages } from './messages';
import { useThumbnailSource } from './use-thumbnail-source';

export interface VideoThumbnailProps {
  /** The video's job: `/thumbs/{jobId}` first, then one lookup (see `useThumbnailSource`). */
  jobId: string | null | undefined;
  /**
   * The image is decorative by default: the card's play button and date already say what it is.
   * Give a text when the thumbnail stands alone.
   */
  alt?: string;
  className?: string;
}

/**
 * A 16/9 video preview with its fallback chain and a "No preview" box at the end. Lazy-loaded:
 * a gallery page holds twelve of them.
 */
export function VideoThumbnail({ jobId, alt = '', className }: VideoThumbnailProps) {
  const { t } = useMessages('media', mediaMessages);
  const { stage, onImageError } = useThumbnailSource(jobId);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const classes = ['media-thumb', className].filter(Boolean).join(' ');

  if (stage.kind === 'none') {
    return (
      <div className={`${classes} media-thumb--none`} style={{ aspectRatio: THUMBNAIL_ASPECT_RATIO }}>
        <span className="media-thumb__none-text">
          <FilmIcon />
          {t('thumbnail.noPreview')}
        </span>
      </div>
    );
  }

  const loaded = stage.kind === 'image' && loadedSrc === stage.src;
  return (
    <div
      className={`${classes}${loaded ? '' : ' media-thumb--loading'}`}
      style={{ aspectRatio: THUMBNAIL_ASPECT_RATIO }}
    >
      {stage.kind === 'image' && (
        <img
          key={stage.src}
          className="media-thumb__img"
          src={stage.src}
          alt={alt}
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setLoadedSrc(stage.src)}
          onError={onImageError}
        />
      )}
    </div>
  );
}

function FilmIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M7 5v14M17 5v14M3 9.5h4M3 14.5h4M17 9.5h4M17 14.5h4" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
