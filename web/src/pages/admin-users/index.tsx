import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminUser } from '@kadr/contracts';
import { getAdminUsers } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { ADMIN_USERS_DEFAULT_TAKE } from '../../config/constants';
import { useMessages } from '../../i18n/use-messages';
import { EmptyState, ErrorState, Field, PageHeader, Skeleton, Spinner, TextInput } from '../../ui';
import { AdminPager } from '../admin-shared/AdminPager';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MAX_LENGTH } from './admin-users-limits';
import { adminUsersMessages } from './messages';
import { useDebouncedValue } from './use-debounced-value';
import { useUsersQueryParams } from './use-users-query-params';
import { UserPanel } from './UserPanel';
import { UsersTable } from './UsersTable';
import './admin-users.css';

/** Rows of the loading placeholder (a page of users is up to ADMIN_USERS_DEFAULT_TAKE; a glimpse is enough). */
const LOADING_ROWS = 6;

/** Admin: Users (`/admin/users`) — search, page, pick a user, then a job, and act on them. */
export default function AdminUsersPage() {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const [{ q, skip }, setParams] = useUsersQueryParams();
  const take = ADMIN_USERS_DEFAULT_TAKE;

  // The box is typed into freely; the URL (and so the request) follows 300 ms after the last key.
  // `lastSent` tells our own URL change from Back/Forward, which must refill the box instead.
  const [draft, setDraft] = useState(q);
  const debounced = useDebouncedValue(draft, USER_SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(q);
  useEffect(() => {
    const next = debounced.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    setParams({ q: next });
  }, [debounced, setParams]);
  useEffect(() => {
    if (q === lastSent.current) return;
    lastSent.current = q;
    setDraft(q);
  }, [q]);

  // Enter searches at once instead of waiting for the pause.
  function searchNow(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    setParams({ q: next });
  }

  const users = useQuery({
    queryKey: adminKeys.users(q, skip, take),
    queryFn: ({ signal }) => getAdminUsers({ skip, take, q: q || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });

  // The selection is kept by id so the panel shows the freshest copy after a refresh.
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const selectedUser = (selected && users.data?.data.find((user) => user.id === selected.id)) || selected;

  const searching = draft.trim() !== q || (users.isFetching && users.isPlaceholderData);

  return (
    <div className="page admin-users-page">
      <PageHeader title={t('title')} subtitle={t('description')} />

      <form className="admin-users-search" role="search" onSubmit={searchNow}>
        <Field label={t('search.label')} hint={t('search.hint')}>
          <TextInput
            type="search"
            value={draft}
            maxLength={USER_SEARCH_MAX_LENGTH}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </Field>
        <span className="admin-users-search-status">
          {searching && <Spinner size="sm" label={t('list.loading')} />}
        </span>
      </form>

      <section
        className="admin-users-list"
        aria-labelledby="admin-users-list-heading"
        aria-busy={users.isFetching || undefined}
      >
        <h2 id="admin-users-list-heading" className="visually-hidden">
          {t('list.caption')}
        </h2>
        {users.isPending ? (
          <div className="admin-users-loading">
            <span className="visually-hidden" role="status">
              {t('list.loading')}
            </span>
            {Array.from({ length: LOADING_ROWS }, (_, index) => (
              <Skeleton key={index} shape="text" lines={2} />
            ))}
          </div>
        ) : users.isError ? (
          <ErrorState
            title={t('list.loadFailed')}
            message={isApiError(users.error) ? users.error.message : t('list.loadFailed')}
            correlationId={isApiError(users.error) ? users.error.correlationId : undefined}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
            retryLabel={t('retry')}
          />
        ) : (
          <>
            {users.data.data.length === 0 ? (
              <EmptyState title={t('list.empty')} description={q ? t('list.emptySearch', { q }) : undefined} />
            ) : (
              <UsersTable users={users.data.data} selectedId={selectedUser?.id ?? null} onSelect={setSelected} />
            )}
            {/* Past the last page (a stale link, users purged meanwhile) Previous is the way back. */}
            {(users.data.data.length > 0 || skip > 0) && (
              <AdminPager
                skip={skip}
                take={take}
                shown={users.data.data.length}
                total={users.data.pagination.total}
                busy={users.isFetching}
                onPage={(nextSkip) => setParams({ skip: nextSkip })}
                label={t('list.pagerLabel')}
              />
            )}
          </>
        )}
      </section>

      {selectedUser && (
        <UserPanel
          key={selectedUser.id}
          user={selectedUser}
          onClose={() => setSelected(null)}
          onDeleted={() => setSelected(null)}
        />
      )}
    </div>
  );
}
