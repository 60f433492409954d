import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getGallery, getGroupedModels } from '../../api/endpoints';
import { GALLERY_PAGE_SIZE, THUMBNAIL_ASPECT_RATIO } from '../../config/constants';
import { jobKeys } from '../../features/jobs/job-query-keys';
import { jobsMessages } from '../../features/jobs/messages';
import { useCompletionRefresh, VideoCard, VideoPlayerModal, type GalleryVideo } from '../../features/media';
import { FLAG_KEYS, useFlag } from '../../flags';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Button, ButtonLink, EmptyState, ErrorState, PageHeader, Skeleton, Spinner } from '../../ui';
import { GalleryCardActions } from './GalleryCardActions';
import { GalleryControls, type GalleryModelOption } from './GalleryControls';
import { GalleryDebugIds } from './GalleryDebugIds';
import {
  filtersToSearchParams,
  galleryRequestOf,
  hasActiveFilters,
  NO_FILTERS,
  useGalleryFilters,
} from './gallery-filters';
import { GalleryPager } from './GalleryPager';
import { galleryMessages } from './messages';
import './gallery.css';

/**
 * Gallery — My videos (`/gallery`, spec §2 "Gallery", §4 "Gallery refresh on completion", §7), the gallery
 * people manage (issue 21): search, filters, sort and favourites in the URL with the page (`?page=N`;
 * twelve videos a page), a star and Delete on each card. Jobs of every status are listed; only a
 * COMPLETED one plays.
 */
export default function GalleryPage() {
  const { t } = useMessages('gallery', galleryMessages);
  const { t: tj } = useMessages('jobs', jobsMessages);
  const [filters, applyFilters] = useGalleryFilters();
  const { page } = filters;
  const goToPage = useCallback((next: number) => applyFilters({ page: next }), [applyFilters]);
  const limit = GALLERY_PAGE_SIZE;
  const request = useMemo(() => galleryRequestOf(filters, limit), [filters, limit]);
  const filtered = hasActiveFilters(filters);
  // The first page of the same search (a page past the end keeps its filters).
  const firstPageSearch = filtersToSearchParams({ ...filters, page: 1 }).toString();
  const firstPageHref = firstPageSearch ? `/gallery?${firstPageSearch}` : '/gallery';
  const debugIds = useFlag(FLAG_KEYS.galleryDebugIds);
  const queryClient = useQueryClient();

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const videos = useQuery({
    queryKey: jobKeys.gallery(request),
    queryFn: ({ signal }) => getGallery(request, { signal }),
    // `getGallery` already retries and then makes the direct GET (spec §7); when that fails too,
    // "Failed to load videos" shows at once rather than after the data cache's own retries.
    retry: false,
  });
  const { data, isPending, isError, isFetching, refetch } = videos;
  const items: GalleryVideo[] = useMemo(() => data?.data ?? [], [data]);
  const models = useQuery({
    queryKey: jobKeys.groupedModels,
    queryFn: ({ signal }) => getGroupedModels({ signal }),
  });
  const modelOptions = useMemo<GalleryModelOption[]>(
    () => (models.data?.data ?? []).flatMap((group) => group.models.map(({ id, name }) => ({ id, name }))),
    [models.data],
  );

  const listedJobIds = useMemo(
    () => (page === 1 && !filtered && data ? data.data.map((item) => item.jobId) : undefined),
    [page, filtered, data],
  );
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: jobKeys.allVideos });
  }, [queryClient]);
  const placeholders = useCompletionRefresh({ listedJobIds, reload });
  // Placeholders belong to the plain newest-first list, not to a search or filter.
  const shown = useMemo(
    () => (page === 1 && !filtered && filters.sort === 'newest' ? [...placeholders, ...items] : items),
    [page, filtered, filters.sort, placeholders, items],
  );

  const [playing, setPlaying] = useState<GalleryVideo | null>(null);

  // "Loading" = nothing to show for this page yet (its first load, or a retry after a failure);
  // the reloads after a completion happen behind the cards and do not block paging.
  const loading = isPending || (isFetching && !data);
  const total = data?.pagination.total;
  const pages = total === undefined ? null : Math.max(1, Math.ceil(total / limit));
  const retry = () => void refetch();

  return (
    <div className="page gallery-page">
      <PageHeader
        title={t('title')}
        subtitle={
          isPending ? (
            <span className="gallery-count gallery-count--loading" role="status">
              <Spinner size="sm" decorative />
              {t('loadingVideos')}
            </span>
          ) : (
            <span className="gallery-count" aria-live="polite">
              {total !== undefined && t('found', { count: total, value: formatNumber(total) })}
            </span>
          )
        }
      />

      <GalleryControls applied={filters} models={modelOptions} onApply={applyFilters} />

      {isPending && (
        <div className="gallery-loading" aria-hidden="true">
          <ul className="gallery-grid">
            {Array.from({ length: limit }, (_, index) => (
              <li key={index} className="gallery-skeleton">
                <Skeleton aspectRatio={THUMBNAIL_ASPECT_RATIO} className="gallery-skeleton__thumb" />
                <span className="gallery-skeleton__meta">
                  <Skeleton shape="text" width="60%" />
                  <Skeleton shape="text" width="40%" />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {isError && (
        <ErrorState
          message={t('loadFailed')}
          onRetry={retry}
          retrying={isFetching}
          className={data ? 'gallery-error gallery-error--inline' : 'gallery-error'}
        />
      )}

      {data && shown.length === 0 && page === 1 && filtered && (
        <EmptyState
          title={t('noMatches')}
          description={t('noMatchesHint')}
          action={
            <Button variant="secondary" onClick={() => applyFilters({ ...NO_FILTERS })}>
              {t('clearSearch')}
            </Button>
          }
        />
      )}

      {data && shown.length === 0 && page === 1 && !filtered && (
        <EmptyState
          icon={<FilmStackIcon />}
          title={t('empty')}
          description={t('emptyHint')}
          action={
            <ButtonLink to="/generate" variant="primary">
              {t('generate')}
            </ButtonLink>
          }
        />
      )}

      {data && shown.length === 0 && page > 1 && (
        <EmptyState
          title={t('pageEmpty')}
          description={t('pageEmptyHint')}
          action={
            <ButtonLink to={firstPageHref} variant="secondary">
              {t('firstPage')}
            </ButtonLink>
          }
        />
      )}

      {data && shown.length > 0 && (
        <ul className="gallery-grid" aria-label={t('listLabel')} aria-busy={isFetching || undefined}>
          {shown.map((video) => (
            <VideoCard
              key={video.jobId || video.id}
              as="li"
              video={video}
              onPlay={setPlaying}
              statusLabel={video.status && tj(`status.${video.status}`)}
              actions={video.placeholder ? undefined : <GalleryCardActions video={video} />}
            />
          ))}
        </ul>
      )}

      {(shown.length > 0 || loading || page > 1) && (
        <GalleryPager
          page={page}
          pages={pages}
          hasNext={data?.pagination.hasNext ?? false}
          loading={loading}
          onPage={goToPage}
        />
      )}

      {debugIds.enabled && data && <GalleryDebugIds videos={items} />}

      <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}

function FilmStackIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
      <rect x="6" y="12" width="36" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7h24" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M21 20.5v8.9a.8.8 0 0 0 1.2.7l7.3-4.5a.8.8 0 0 0 0-1.3l-7.3-4.5a.8.8 0 0 0-1.2.7Z" fill="currentColor" />
    </svg>
  );
}
