import type { GallerySort, JobAspectRatio, PublicJobStatus } from '@kadr/contracts';
import { JOB_ASPECT_RATIOS, PUBLIC_JOB_STATUSES } from '@kadr/contracts/values';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { GalleryRequest } from '../../api/endpoints';
import { isDay, startOfLocalDay } from '../billing/ledger-filters';
import { pageFromQuery } from './use-gallery-page';

/**
 * The gallery's search, filters and sort in the URL (`/gallery?q=fox&status=FAILED&model=…&from=2026-03-01
 * &to=2026-03-31&sort=oldest&favourites=1&page=2`), so a view can be bookmarked and Back / Forward step
 * through views. Days are the person's calendar days (`YYYY-MM-DD`); the request gets the instants where
 * they begin (`to`: the day after the last one, exclusive), as the credit history does. Anything the URL
 * says that is not a valid value is left out. `aspect` is a frame shape (`16:9`, `9:16`, `1:1`).
 */
export interface GalleryFilters {
  /** Words of the prompt, '' = no search. */
  q: string;
  status: PublicJobStatus | '';
  /** A model id, '' = every model. */
  model: string;
  /** A frame shape, '' = every shape. */
  aspect: JobAspectRatio | '';
  from: string;
  to: string;
  sort: GallerySort;
  favourites: boolean;
  page: number;
}

export const NO_FILTERS: GalleryFilters = {
  q: '',
  status: '',
  model: '',
  aspect: '',
  from: '',
  to: '',
  sort: 'newest',
  favourites: false,
  page: 1,
};

export const GALLERY_STATUSES = PUBLIC_JOB_STATUSES;
const SEARCH_MAX_LENGTH = 200;
const MODEL_ID = /^[A-Za-z0-9._-]{1,128}$/;

const isAspect = (value: string | null): value is JobAspectRatio =>
  value !== null && (JOB_ASPECT_RATIOS as readonly string[]).includes(value);

const isStatus = (value: string | null): value is PublicJobStatus =>
  value !== null && (GALLERY_STATUSES as readonly string[]).includes(value);

export function filtersFromSearchParams(params: URLSearchParams): GalleryFilters {
  const status = params.get('status');
  const model = params.get('model') ?? '';
  const aspect = params.get('aspect');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    status: isStatus(status) ? status : '',
    model: MODEL_ID.test(model) ? model : '',
    aspect: isAspect(aspect) ? aspect : '',
    from: isDay(from) ? from : '',
    to: isDay(to) && !(isDay(from) && to < from) ? to : '',
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'newest',
    favourites: params.get('favourites') === '1',
    page: pageFromQuery(params.get('page')),
  };
}

export function filtersToSearchParams(filters: GalleryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.status) params.set('status', filters.status);
  if (filters.model) params.set('model', filters.model);
  if (filters.aspect) params.set('aspect', filters.aspect);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.favourites) params.set('favourites', '1');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The request for one page of the list the filters describe. */
export function galleryRequestOf(filters: GalleryFilters, limit: number): GalleryRequest {
  return {
    page: filters.page,
    limit,
    q: filters.q.trim() || undefined,
    status: filters.status || undefined,
    model: filters.model || undefined,
    aspect: filters.aspect || undefined,
    from: filters.from ? startOfLocalDay(filters.from) : undefined,
    to: filters.to ? startOfLocalDay(filters.to, 1) : undefined,
    sort: filters.sort,
    favourites: filters.favourites || undefined,
  };
}

/** Anything that narrows the list (the sort and the page do not). */
export function hasActiveFilters(filters: GalleryFilters): boolean {
  return Boolean(
    filters.q.trim() ||
    filters.status ||
    filters.model ||
    filters.aspect ||
    filters.from ||
    filters.to ||
    filters.favourites,
  );
}

/**
 * The filters the URL holds, and a way to change them: one history entry per change (so Back undoes it);
 * a change of anything but the page starts again from page 1.
 */
export function useGalleryFilters(): [filters: GalleryFilters, apply: (next: Partial<GalleryFilters>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const apply = useCallback(
    (next: Partial<GalleryFilters>) => {
      setSearchParams((current) => {
        const before = filtersFromSearchParams(current);
        const page = next.page ?? (Object.keys(next).length > 0 ? 1 : before.page);
        return filtersToSearchParams({ ...before, ...next, page });
      });
    },
    [setSearchParams],
  );
  return [filters, apply];
}
