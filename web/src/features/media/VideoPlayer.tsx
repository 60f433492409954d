import type { SyntheticEvent } from 'react';
import { THUMBNAIL_ASPECT_RATIO } from '../../config/constants';
import { useMessages } from '../../i18n/use-messages';
import { ErrorState, Spinner } from '../../ui';
import type { GalleryVideo } from './media-item';
import { mediaMessages } from './messages';
import { useVideoSource } from './use-video-source';

export interface VideoPlayerProps {
  video: Pick<GalleryVideo, 'jobId' | 'url'>;
  /** The video element's accessible name (e.g. "Video from 1 Mar 2025, 10:00"). */
  label: string;
}

/**
 * The video with the spec's states: "Loading…" until the first frame (or while the URL is looked
 * up), "Failed to load video URL." with Retry, "No URL".
 *
 * Decisions: it starts playing at once WITH sound (`autoPlay`, not muted) — the person has just
 * pressed Play, and browsers allow audible autoplay after that gesture; where one refuses, the
 * controls stay and one more press plays it. Downloading is not offered: `controlsList="nodownload"`,
 * no download link, no context menu on the video. Picture-in-picture is off: the player lives in a
 * dialog, and closing it removes the video, which would cut a floating window off mid-play.
 */
export function VideoPlayer({ video, label }: VideoPlayerProps) {
  const { t } = useMessages('media', mediaMessages);
  const { phase, onVideoLoaded, onVideoError, retry } = useVideoSource(video);
  const playable = phase.kind === 'buffering' || phase.kind === 'ready' ? phase : null;
  const loading = phase.kind === 'buffering' || phase.kind === 'looking-up';

  return (
    <div className="media-player" style={{ aspectRatio: THUMBNAIL_ASPECT_RATIO }} aria-busy={loading || undefined}>
      {playable && (
        <video
          key={playable.src}
          className={`media-player__video${phase.kind === 'buffering' ? ' media-player__video--buffering' : ''}`}
          src={playable.src}
          aria-label={label}
          data-source={playable.source}
          controls
          controlsList="nodownload"
          disablePictureInPicture
          playsInline
          autoPlay
          preload="auto"
          onLoadedData={onVideoLoaded}
          onError={(event: SyntheticEvent<HTMLVideoElement>) => onVideoError(event.currentTarget.error)}
          onContextMenu={(event) => event.preventDefault()}
        />
      )}
      {loading && (
        <div className="media-player__status" role="status">
          <Spinner size="lg" decorative />
          <span>{t('player.loading')}</span>
        </div>
      )}
      {phase.kind === 'lookup-failed' && (
        <div className="media-player__status media-player__status--problem">
          <ErrorState message={t('player.lookupFailed')} onRetry={retry} retryLabel={t('player.retry')} />
        </div>
      )}
      {phase.kind === 'no-url' && (
        <div className="media-player__status media-player__status--problem" role="status">
          <span className="media-player__no-url">{t('player.noUrl')}</span>
        </div>
      )}
    </div>
  );
}
