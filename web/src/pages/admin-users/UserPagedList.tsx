import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/api-error';
import { useMessages } from '../../i18n/use-messages';
import { EmptyState, ErrorState, Skeleton } from '../../ui';
import { AdminPager } from '../admin-shared/AdminPager';
import { adminUsersMessages } from './messages';

/** A page as the admin service answers a user's jobs or orders. */
export interface UserListPage<T> {
  data: T[];
  /** `hasNext` when the service says whether a next page exists (jobs), else the total decides. */
  pagination: { skip: number; total: number; hasNext?: boolean };
}

export interface UserPagedListProps<T> {
  query: UseQueryResult<UserListPage<T>>;
  skip: number;
  take: number;
  onPage: (skip: number) => void;
  /** Whose messages (`jobs.loading`, `orders.empty`, …) it speaks with. */
  list: 'jobs' | 'orders';
  /** Text lines of the skeleton while the first page loads. */
  loadingLines: number;
  /** The page's items (at least one), as a table. */
  children: (items: T[]) => ReactNode;
}

/**
 * One page of a list in the user panel (jobs, orders): a skeleton while the first page loads, the error with a
 * retry, "none" (with the pager past the first page), or the items with Prev/Next — busy while the next loads.
 */
export function UserPagedList<T>({ query, skip, take, onPage, list, loadingLines, children }: UserPagedListProps<T>) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const text = {
    loading: t(`${list}.loading`),
    loadFailed: t(`${list}.loadFailed`),
    empty: t(`${list}.empty`),
    pagerLabel: t(`${list}.pagerLabel`),
  };
  if (query.isPending) {
    return (
      <div className="admin-users-loading" aria-busy="true">
        <span className="visually-hidden" role="status">
          {text.loading}
        </span>
        <Skeleton shape="text" lines={loadingLines} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={text.loadFailed}
        message={isApiError(query.error) ? query.error.message : text.loadFailed}
        correlationId={isApiError(query.error) ? query.error.correlationId : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={t('retry')}
      />
    );
  }

  const { data: items, pagination } = query.data;
  const pager = (
    <AdminPager
      skip={pagination.skip}
      take={take}
      shown={items.length}
      total={pagination.total}
      hasNext={pagination.hasNext}
      busy={query.isFetching}
      onPage={onPage}
      label={text.pagerLabel}
    />
  );
  if (items.length === 0) {
    return (
      <>
        <EmptyState title={text.empty} />
        {skip > 0 && pager}
      </>
    );
  }
  return (
    <div aria-busy={query.isFetching || undefined}>
      {children(items)}
      {pager}
    </div>
  );
}
