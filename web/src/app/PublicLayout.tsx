import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from './PageLoading';

/** The public pages (landing, login, legal) load lazily too, outside the session wrapper. */
export function PublicLayout() {
  return (
    <Suspense fallback={<PageLoading main />}>
      <Outlet />
    </Suspense>
  );
}
