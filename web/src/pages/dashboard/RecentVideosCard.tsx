import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { getVideos } from '../../api/endpoints';
import { DASHBOARD_RECENT_VIDEOS_SHOWN, GALLERY_PAGE_SIZE, THUMBNAIL_ASPECT_RATIO } from '../../config/constants';
import { jobKeys } from '../../features/jobs';
import { VideoThumbnail } from '../../features/media';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { ButtonLink, Card, EmptyState, ErrorState, Skeleton } from '../../ui';
import { dashboardMessages } from './messages';

/** The gallery's first page (the same request and cache entry as the gallery's), its newest four as thumbnails. */
export const RECENT_VIDEOS_KEY = jobKeys.videos(1, GALLERY_PAGE_SIZE);

export function RecentVideosCard() {
  const { t } = useMessages('dashboard', dashboardMessages);
  const query = useQuery({
    queryKey: RECENT_VIDEOS_KEY,
    queryFn: ({ signal }) => getVideos(1, GALLERY_PAGE_SIZE, { signal }),
    // As in the gallery: `getVideos` already retries and then makes the direct GET (spec §7), so a
    // failure shows "Failed to load videos" at once rather than after the cache's own retries.
    retry: false,
  });
  const videos = (query.data?.data ?? []).slice(0, DASHBOARD_RECENT_VIDEOS_SHOWN);
  const total = query.data?.pagination.total;

  let body;
  if (query.isPending) {
    body = (
      <ul className="dashboard-videos__grid" aria-busy="true" aria-label={t('videos.label')}>
        {Array.from({ length: DASHBOARD_RECENT_VIDEOS_SHOWN }, (_, index) => (
          <li key={index}>
            <Skeleton aspectRatio={THUMBNAIL_ASPECT_RATIO} width="100%" />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = (
      <ErrorState
        message={t('videos.loadFailed')}
        correlationId={isApiError(query.error) ? query.error.correlationId : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (videos.length === 0) {
    body = (
      <EmptyState
        className="dashboard-empty"
        title={t('videos.empty')}
        description={t('videos.emptyHint')}
        action={
          <ButtonLink to="/generate" variant="primary" size="sm">
            {t('generate')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <ul className="dashboard-videos__grid" aria-label={t('videos.label')}>
        {videos.map((video) => {
          const date = formatDateTime(video.createdAt);
          return (
            <li key={video.id}>
              <Link to="/gallery" className="dashboard-video" aria-label={t('videos.videoLabel', { date })}>
                <VideoThumbnail jobId={video.jobId} className="dashboard-video__thumb" />
                <span className="dashboard-video__date" aria-hidden="true">
                  {date}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Card as="section" className="dashboard-videos" aria-labelledby="dashboard-videos-heading">
      <div className="dashboard-card-header">
        <div>
          <h2 id="dashboard-videos-heading" className="dashboard-card-title">
            {t('videos.heading')}
          </h2>
          {total !== undefined && total > 0 && (
            <p className="dashboard-card-subtitle">{t('videos.total', { count: total, value: formatNumber(total) })}</p>
          )}
        </div>
        <Link to="/gallery" className="dashboard-card-link">
          {t('videos.viewAll')}
        </Link>
      </div>
      {body}
    </Card>
  );
}
