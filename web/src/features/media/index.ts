/**
 * Video pieces shared by the gallery and the dashboard: the card, the thumbnail with its fallback
 * chain, the modal player and the refresh-on-completion placeholders. Styles: ./media.css
 * (imported here once).
 */
import './media.css';

export {
  hasJobId,
  placeholderVideo,
  sameOriginThumbnailPath,
  sameOriginVideoPath,
  type GalleryVideo,
} from './media-item';
export { mediaMessages } from './messages';
export { useCompletionRefresh, type CompletionRefreshOptions } from './use-completion-refresh';
export { useThumbnailSource, type ThumbnailStage } from './use-thumbnail-source';
export { useVideoSource, type PlayerPhase, type VideoSource } from './use-video-source';
export { formatClock, formatSpokenDuration, resolutionLabel } from './video-facts';
export { VideoCard, type VideoCardProps } from './VideoCard';
export { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';
export { VideoPlayerModal, type VideoPlayerModalProps } from './VideoPlayerModal';
export { VideoThumbnail, type VideoThumbnailProps } from './VideoThumbnail';
