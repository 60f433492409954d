import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The users list's place in the URL (`?q=…&skip=…`), so reload and Back return to the same search and page. */
export interface UsersQueryParams {
  q: string;
  skip: number;
}

export function parseSkip(raw: string | null): number {
  const skip = Number(raw);
  return Number.isInteger(skip) && skip > 0 ? skip : 0;
}

export function useUsersQueryParams(): [UsersQueryParams, (next: Partial<UsersQueryParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params: UsersQueryParams = {
    q: searchParams.get('q') ?? '',
    skip: parseSkip(searchParams.get('skip')),
  };
  // react-router makes a new setter whenever the URL changes; effects that call `update` must not
  // run again just for that (the search box's would push a stale value), so `update` stays one function.
  const setter = useRef(setSearchParams);
  useLayoutEffect(() => {
    setter.current = setSearchParams;
  });
  const update = useCallback((next: Partial<UsersQueryParams>) => {
    setter.current((current) => {
      const merged = new URLSearchParams(current);
      if (next.q !== undefined) {
        if (next.q) merged.set('q', next.q);
        else merged.delete('q');
        // A new search starts on its first page.
        if (next.skip === undefined) merged.delete('skip');
      }
      if (next.skip !== undefined) {
        if (next.skip > 0) merged.set('skip', String(next.skip));
        else merged.delete('skip');
      }
      return merged;
    });
  }, []);
  return [params, update];
}
