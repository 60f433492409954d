import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { getAdminLogs } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { ADMIN_USERS_DEFAULT_TAKE } from '../../config/constants';
import { useMessages } from '../../i18n/use-messages';
import { Button, EmptyState, ErrorState, PageHeader } from '../../ui';
import { AdminListLoading } from '../admin-shared/AdminListLoading';
import { AdminPager } from '../admin-shared/AdminPager';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { LogEntryItem } from './LogEntryItem';
import { LogFiltersForm } from './LogFiltersForm';
import {
  EMPTY_LOG_FILTERS,
  filtersFromSearchParams,
  filtersToRequest,
  filtersToSearchParams,
  hasActiveFilters,
  type LogFilters,
} from './log-filters';
import { adminLogsMessages } from './messages';
import './admin-logs.css';

/** The log pages like the users list: the spec's admin page size (the service allows up to 200). */
const LOGS_TAKE = ADMIN_USERS_DEFAULT_TAKE;
const LOADING_ROWS = 5;

/** Admin: Logs (`/admin/logs`) — administrators' actions and system events, filtered through the URL. */
export default function AdminLogsPage() {
  const { t } = useMessages('adminLogs', adminLogsMessages);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const request = filtersToRequest(filters, LOGS_TAKE);

  const logs = useQuery({
    queryKey: adminKeys.logs(request),
    queryFn: ({ signal }) => getAdminLogs(request, { signal }),
    placeholderData: keepPreviousData,
  });

  const go = (next: LogFilters) => setSearchParams(filtersToSearchParams(next));
  const filtered = hasActiveFilters(filters);

  return (
    <div className="page admin-logs-page">
      <PageHeader title={t('title')} subtitle={t('description')} />
      <LogFiltersForm applied={filters} onApply={go} />

      <section
        className="admin-logs-results"
        aria-labelledby="admin-logs-list-heading"
        aria-busy={logs.isFetching || undefined}
      >
        <h2 id="admin-logs-list-heading" className="visually-hidden">
          {t('list.caption')}
        </h2>
        {logs.isPending ? (
          <AdminListLoading label={t('list.loading')} rows={LOADING_ROWS} linesPerRow={3} />
        ) : logs.isError ? (
          <ErrorState
            title={t('list.loadFailed')}
            message={isApiError(logs.error) ? logs.error.message : t('list.loadFailed')}
            correlationId={isApiError(logs.error) ? logs.error.correlationId : undefined}
            onRetry={() => void logs.refetch()}
            retrying={logs.isFetching}
            retryLabel={t('retry')}
          />
        ) : logs.data.data.length === 0 ? (
          <>
            <EmptyState
              title={t('list.empty')}
              description={filtered ? t('list.emptyFiltered') : undefined}
              action={
                filtered ? (
                  <Button variant="secondary" onClick={() => go(EMPTY_LOG_FILTERS)}>
                    {t('filters.clear')}
                  </Button>
                ) : undefined
              }
            />
            {filters.skip > 0 && (
              <AdminPager
                skip={filters.skip}
                take={LOGS_TAKE}
                shown={0}
                total={logs.data.pagination.total}
                busy={logs.isFetching}
                onPage={(skip) => go({ ...filters, skip })}
                label={t('list.pagerLabel')}
              />
            )}
          </>
        ) : (
          <>
            <ol className="admin-record-list" aria-label={t('list.caption')}>
              {logs.data.data.map((entry) => (
                <LogEntryItem key={entry.id} entry={entry} />
              ))}
            </ol>
            <AdminPager
              skip={filters.skip}
              take={LOGS_TAKE}
              shown={logs.data.data.length}
              total={logs.data.pagination.total}
              busy={logs.isFetching}
              onPage={(skip) => go({ ...filters, skip })}
              label={t('list.pagerLabel')}
            />
          </>
        )}
      </section>
    </div>
  );
}
