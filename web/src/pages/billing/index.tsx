import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { billingLedgerCsvUrl, getBillingLedger } from '../../api/endpoints';
import { BILLING_LEDGER_PAGE_SIZE } from '../../config/constants';
import { billingKeys, useReloadOnCreditsChange } from '../../features/billing';
import { useCreditsLabel } from '../../features/jobs';
import { useMessages } from '../../i18n/use-messages';
import { Button, ButtonLink, buttonClassName, EmptyState, ErrorState, PageHeader } from '../../ui';
import { AdminListLoading } from '../admin-shared/AdminListLoading';
import { AdminPager } from '../admin-shared/AdminPager';
import {
  filtersFromSearchParams,
  filtersToLedgerFilter,
  filtersToSearchParams,
  hasActiveFilters,
  NO_FILTERS,
  type LedgerFilters,
} from './ledger-filters';
import { LedgerFiltersForm } from './LedgerFiltersForm';
import { LedgerTable } from './LedgerTable';
import { OrderHistory, ORDERS_PAGE_PARAM } from './OrderHistory';
import { billingHistoryMessages } from './messages';
import './billing.css';

const LEDGER_PAGE_SIZE = BILLING_LEDGER_PAGE_SIZE;
const LOADING_ROWS = 5;

/**
 * `/billing`: the signed-in person's credit history — every line of their ledger, newest first, with
 * the balance after each; filtered by kind and days and paged through the URL; the same lines as CSV —
 * and their order history, with the data an invoice needs for each paid order.
 */
export default function BillingPage() {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  const creditsLabel = useCreditsLabel();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams, LEDGER_PAGE_SIZE);
  const filter = filtersToLedgerFilter(filters);
  const request = { ...filter, skip: (filters.page - 1) * LEDGER_PAGE_SIZE, take: LEDGER_PAGE_SIZE };

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const ledger = useQuery({
    queryKey: billingKeys.ledger(request),
    queryFn: ({ signal }) => getBillingLedger(request, { signal }),
    placeholderData: keepPreviousData,
    // Money: read afresh on every visit.
    staleTime: 0,
  });
  // A new balance on the badge means a new line here.
  useReloadOnCreditsChange(billingKeys.allLedger);

  const go = (next: LedgerFilters) => {
    const params = filtersToSearchParams(next);
    // The order history's page is its own: a new ledger view keeps it.
    const ordersPage = searchParams.get(ORDERS_PAGE_PARAM);
    if (ordersPage) params.set(ORDERS_PAGE_PARAM, ordersPage);
    setSearchParams(params);
  };
  const filtered = hasActiveFilters(filters);
  const { data } = ledger;

  const pager = data && (
    <AdminPager
      skip={request.skip}
      take={LEDGER_PAGE_SIZE}
      shown={data.items.length}
      total={data.total}
      busy={ledger.isFetching}
      onPage={(skip) => go({ ...filters, page: Math.floor(skip / LEDGER_PAGE_SIZE) + 1 })}
      label={t('pagerLabel')}
    />
  );

  let body;
  if (ledger.isPending) {
    body = <AdminListLoading label={t('loading')} rows={LOADING_ROWS} linesPerRow={1} />;
  } else if (ledger.isError && !data) {
    body = (
      <ErrorState
        message={t('loadFailed')}
        correlationId={isApiError(ledger.error) ? ledger.error.correlationId : undefined}
        onRetry={() => void ledger.refetch()}
        retrying={ledger.isFetching}
      />
    );
  } else if (data && data.items.length === 0) {
    body = (
      <>
        {filters.page > 1 ? (
          <EmptyState
            title={t('pageEmpty')}
            action={
              <Button variant="secondary" onClick={() => go({ ...filters, page: 1 })}>
                {t('firstPage')}
              </Button>
            }
          />
        ) : filtered ? (
          <EmptyState
            title={t('emptyFiltered')}
            description={t('emptyFilteredHint')}
            action={
              <Button variant="secondary" onClick={() => go(NO_FILTERS)}>
                {t('filters.clear')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            title={t('empty')}
            description={t('emptyHint')}
            action={
              <ButtonLink to="/buy-credits" variant="primary">
                {t('buyCredits')}
              </ButtonLink>
            }
          />
        )}
        {filters.page > 1 && pager}
      </>
    );
  } else if (data) {
    body = (
      <>
        <LedgerTable lines={data.items} />
        {pager}
      </>
    );
  }

  return (
    <div className="page billing-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <a
            href={billingLedgerCsvUrl(filter)}
            download
            className={buttonClassName({ variant: 'secondary' })}
            title={t('downloadCsvHint')}
          >
            {t('downloadCsv')}
          </a>
        }
      />
      <LedgerFiltersForm applied={filters} onApply={go} />
      <section
        className="billing-results"
        aria-labelledby="billing-results-heading"
        aria-busy={ledger.isFetching || undefined}
      >
        <h2 id="billing-results-heading" className="visually-hidden">
          {t('table.caption')}
        </h2>
        {data && (
          <div className="billing-summary">
            <p className="billing-summary__balance" data-testid="billing-balance">
              {t('balance', { credits: creditsLabel(data.balance) })}
            </p>
            <p className="billing-summary__note">{t('heldNote')}</p>
          </div>
        )}
        {ledger.isError && data && (
          <ErrorState
            message={t('loadFailed')}
            correlationId={isApiError(ledger.error) ? ledger.error.correlationId : undefined}
            onRetry={() => void ledger.refetch()}
            retrying={ledger.isFetching}
          />
        )}
        {body}
      </section>
      <OrderHistory />
    </div>
  );
}
