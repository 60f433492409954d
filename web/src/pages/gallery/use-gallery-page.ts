/**
 * `?page=N` → N when it is a whole number from 1 up; anything else is page 1. The page lives in the URL
 * with the search and filters (`gallery-filters.ts`), so a link, a reload and the sign-in redirect's
 * `returnTo` all land on the same view, and Back steps through pages.
 */
export function pageFromQuery(value: string | null): number {
  if (value === null || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
