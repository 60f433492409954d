import type { GalleryVideo } from '../../features/media';
import { useMessages } from '../../i18n/use-messages';
import { galleryMessages } from './messages';

/** The collapsible list of the page's ids (spec §2), for support; shown only with the `gallery.debugIds` flag. */
export function GalleryDebugIds({ videos }: { videos: readonly GalleryVideo[] }) {
  const { t } = useMessages('gallery', galleryMessages);
  return (
    <details className="gallery-debug">
      <summary className="gallery-debug__summary">{t('debug.summary', { count: videos.length })}</summary>
      <table className="gallery-debug__table">
        <thead>
          <tr>
            <th scope="col">{t('debug.jobId')}</th>
            <th scope="col">{t('debug.mediaId')}</th>
          </tr>
        </thead>
        <tbody>
          {videos.map((video) => (
            <tr key={video.id}>
              <td>
                <code>{video.jobId}</code>
              </td>
              <td>
                <code>{video.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
