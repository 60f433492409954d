import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { deleteVideo, setFavourite } from '../../api/endpoints';
import { jobKeys, remixPath } from '../../features/jobs';
import type { GalleryVideo } from '../../features/media';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { Button, ButtonLink, ConfirmDialog } from '../../ui';
import { galleryMessages } from './messages';

const FINISHED = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

/**
 * A gallery card's star (a toggle button: `aria-pressed`), "Use settings" (the generator filled in with
 * the job's settings) and Delete (a confirmation dialog naming the
 * video; a job still under way has no Delete — cancel it first). Both ask the server, then read the list
 * again; the star shows its new state at once and goes back if the server refused.
 */
export function GalleryCardActions({ video }: { video: GalleryVideo }) {
  const { t } = useMessages('gallery', galleryMessages);
  const queryClient = useQueryClient();
  const [starred, setStarred] = useState(video.favourite === true);
  const [shownFavourite, setShownFavourite] = useState(video.favourite);
  const [confirming, setConfirming] = useState(false);
  const date = formatDateTime(video.createdAt);
  // The list was read again with another state: show that one.
  if (shownFavourite !== video.favourite) {
    setShownFavourite(video.favourite);
    setStarred(video.favourite === true);
  }
  const reload = () => queryClient.invalidateQueries({ queryKey: jobKeys.allVideos });

  async function toggleStar() {
    const next = !starred;
    setStarred(next);
    try {
      await setFavourite(video.jobId, next, newIdempotencyKey());
      void reload();
    } catch {
      setStarred(!next);
      toast.error(t('card.favouriteFailed'));
    }
  }

  async function remove() {
    try {
      await deleteVideo(video.jobId, newIdempotencyKey());
    } catch (error) {
      toast.error(isApiError(error) ? `${t('card.deleteFailed')} ${error.message}` : t('card.deleteFailed'));
      throw error;
    }
    toast.success(t('card.deleted'));
    void reload();
  }

  return (
    <span className="gallery-card-actions">
      <button
        type="button"
        className="gallery-card-actions__star"
        aria-pressed={starred}
        aria-label={starred ? t('card.unfavourite') : t('card.favourite')}
        title={starred ? t('card.unfavourite') : t('card.favourite')}
        onClick={() => void toggleStar()}
      >
        <StarIcon filled={starred} />
      </button>
      <ButtonLink to={remixPath(video.jobId)} size="sm" variant="ghost" aria-label={t('card.remixLabel', { date })}>
        {t('card.remix')}
      </ButtonLink>
      {(!video.status || FINISHED.has(video.status)) && (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('card.deleteLabel', { date })}
            onClick={() => setConfirming(true)}
          >
            {t('card.delete')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('card.deleteTitle')}
            description={t('card.deleteDescription')}
            confirmLabel={t('card.deleteConfirm')}
            variant="danger"
            onConfirm={remove}
          />
        </>
      )}
    </span>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}
