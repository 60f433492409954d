import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PAGE_PARAM = 'page';

/** `?page=N` → N when it is a whole number from 1 up; anything else is page 1. */
export function pageFromQuery(value: string | null): number {
  if (value === null || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The gallery's page lives in the URL (`/gallery?page=2`), so a link, a reload and the sign-in
 * redirect's `returnTo` all land on the same page, and Back steps through pages. Page 1 drops the
 * parameter; other query parameters are kept.
 */
export function useGalleryPage(): [page: number, goToPage: (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromQuery(searchParams.get(PAGE_PARAM));
  const goToPage = useCallback(
    (next: number) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next <= 1) params.delete(PAGE_PARAM);
        else params.set(PAGE_PARAM, String(next));
        return params;
      });
    },
    [setSearchParams],
  );
  return [page, goToPage];
}
