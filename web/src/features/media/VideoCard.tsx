import type { ReactNode, Ref } from 'react';
import { THUMBNAIL_ASPECT_RATIO } from '../../config/constants';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Spinner } from '../../ui';
import type { GalleryVideo } from './media-item';
import { mediaMessages } from './messages';
import { formatClock, formatSpokenDuration, hasDuration, resolutionLabel } from './video-facts';
import { VideoThumbnail } from './VideoThumbnail';

export interface VideoCardProps {
  video: GalleryVideo;
  /** Play pressed; the card's Play button keeps focus so the dialog can hand it back on close. */
  onPlay?: (video: GalleryVideo) => void;
  /** `li` inside a list (the gallery's grid), `article` elsewhere. */
  as?: 'li' | 'article' | 'div';
  /** Hides the file name line (compact strips such as the dashboard's). */
  hideFilename?: boolean;
  playButtonRef?: Ref<HTMLButtonElement>;
  /** What a job not finished yet shows instead of its thumbnail (its status): the gallery's items of every status. */
  statusLabel?: ReactNode;
  /** Extra controls under the date (the gallery's star and delete). */
  actions?: ReactNode;
}

/**
 * One video: 16/9 thumbnail with a Play button over it, duration and resolution chips when the
 * item has them, and the creation date and time. A placeholder (a job that has just completed)
 * shows "Processing…" / "Finishing" and has nothing to play yet.
 */
export function VideoCard({
  video,
  onPlay,
  as: Tag = 'article',
  hideFilename,
  playButtonRef,
  statusLabel,
  actions,
}: VideoCardProps) {
  const { t } = useMessages('media', mediaMessages);
  const date = formatDateTime(video.createdAt);
  const resolution = resolutionLabel(video.width, video.height);

  if (video.placeholder) {
    return (
      <Tag className="media-card media-card--placeholder" aria-busy="true" data-job-id={video.jobId}>
        <div className="media-card__frame media-card__processing" style={{ aspectRatio: THUMBNAIL_ASPECT_RATIO }}>
          <Spinner size="md" decorative />
          <span className="media-card__processing-title">{t('card.finishing')}</span>
          <span className="media-card__processing-hint">{t('card.finishingHint')}</span>
        </div>
        <div className="media-card__meta">
          <span className="media-card__status">
            <span className="media-card__status-dot" aria-hidden="true" />
            {t('card.processing')}
          </span>
          {!hideFilename && <span className="media-card__filename">{video.filename}</span>}
        </div>
      </Tag>
    );
  }

  // A job of the gallery that is not COMPLETED has no video and no thumbnail to ask for.
  const playable = !video.status || video.status === 'COMPLETED';
  return (
    <Tag className="media-card" data-job-id={video.jobId}>
      <div className="media-card__frame">
        {playable ? (
          <VideoThumbnail jobId={video.jobId} className="media-card__thumb" />
        ) : (
          <div className="media-card__processing" style={{ aspectRatio: THUMBNAIL_ASPECT_RATIO }}>
            <span className="media-card__processing-title">{statusLabel}</span>
          </div>
        )}
        {onPlay && playable && (
          <button
            ref={playButtonRef}
            type="button"
            className="media-card__play"
            aria-label={t('card.play', { date })}
            onClick={() => onPlay(video)}
          >
            <span className="media-card__play-icon" aria-hidden="true">
              <PlayIcon />
            </span>
          </button>
        )}
        {video.startImageUrl && (
          <img className="media-card__start-image" src={video.startImageUrl} alt={t('card.startImage')} />
        )}
        {(resolution || hasDuration(video.durationSeconds) || video.kind === 'upscale') && (
          <span className="media-card__chips">
            {video.kind === 'upscale' && <span className="media-card__chip">{t('card.upscaled')}</span>}
            {resolution && (
              <span className="media-card__chip" title={t('card.resolution', { value: resolution })}>
                <span className="visually-hidden">{t('card.resolution', { value: resolution })}</span>
                <span aria-hidden="true">{resolution}</span>
              </span>
            )}
            {hasDuration(video.durationSeconds) && (
              <span className="media-card__chip">
                <span className="visually-hidden">
                  {t('card.duration', { value: formatSpokenDuration(video.durationSeconds) })}
                </span>
                <span aria-hidden="true">{formatClock(video.durationSeconds)}</span>
              </span>
            )}
          </span>
        )}
      </div>
      <div className="media-card__meta">
        <time className="media-card__date" dateTime={video.createdAt}>
          {date}
        </time>
        {!hideFilename && (
          <span className="media-card__filename" title={video.filename}>
            {video.filename}
          </span>
        )}
        {actions}
      </div>
    </Tag>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" fill="currentColor" />
    </svg>
  );
}
