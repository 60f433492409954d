import { useEffect, useLayoutEffect, useRef } from 'react';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Modal } from '../../ui';
import type { GalleryVideo } from './media-item';
import { mediaMessages } from './messages';
import { VideoPlayer } from './VideoPlayer';

export interface VideoPlayerModalProps {
  /** The video to play; null closes the dialog. */
  video: GalleryVideo | null;
  onClose: () => void;
}

/**
 * The gallery's modal player (spec §2): a close button, Escape and a click on the backdrop close it
 * (Radix Dialog), and focus goes back to the Play button that opened it. Radix hands focus back
 * only to a `Dialog.Trigger`; the cards' Play buttons are not one (one dialog serves every card),
 * so the opener is remembered here and focused again on close.
 */
export function VideoPlayerModal({ video, onClose }: VideoPlayerModalProps) {
  const { t } = useMessages('media', mediaMessages);
  // Keeps the title while the dialog animates out after `video` became null.
  const lastRef = useRef<GalleryVideo | null>(video);
  if (video) lastRef.current = video;
  const shown = video ?? lastRef.current;
  const title = shown ? t('player.title', { date: formatDateTime(shown.createdAt) }) : '';

  // Layout effects run before Radix moves focus into the dialog (a passive effect), so the
  // element focused here is still the one that opened it.
  const openerRef = useRef<HTMLElement | null>(null);
  const isOpen = video !== null;
  useLayoutEffect(() => {
    if (isOpen && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      openerRef.current = document.activeElement;
    }
  }, [isOpen]);
  useEffect(() => {
    if (isOpen) return;
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, [isOpen]);

  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      size="xl"
      className="media-player-modal"
    >
      {video && <VideoPlayer key={`${video.id}:${video.jobId}`} video={video} label={title} />}
    </Modal>
  );
}
