import type { Order } from '@kadr/contracts';
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { getOwnOrders } from '../../api/endpoints';
import { BILLING_ORDERS_PAGE_SIZE } from '../../config/constants';
import { billingKeys } from '../../features/billing';
import { OrderStatusBadge } from '../../features/commerce/OrderDetails';
import { orderStatusPath, shortOrderId } from '../../features/commerce/order-links';
import { useCommerceText } from '../../features/commerce/use-commerce-text';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { useSession } from '../../session/session-store';
import { EmptyState, ErrorState } from '../../ui';
import { AdminListLoading } from '../admin-shared/AdminListLoading';
import { AdminPager } from '../admin-shared/AdminPager';
import { billingHistoryMessages } from './messages';

const TAKE = BILLING_ORDERS_PAGE_SIZE;
/** The order history's page in the URL, beside the ledger's own filters and page. */
export const ORDERS_PAGE_PARAM = 'ordersPage';

function ordersPageOf(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get(ORDERS_PAGE_PARAM) ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * `/billing`'s order history: the caller's own orders from commerce, newest first, paged through the
 * URL (`ordersPage`). A paid (or later refunded) order opens the data an invoice needs.
 */
export function OrderHistory() {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = ordersPageOf(searchParams);
  const request = { skip: (page - 1) * TAKE, take: TAKE };
  const orders = useQuery({
    queryKey: billingKeys.orders(request),
    queryFn: ({ signal }) => getOwnOrders(request, { signal }),
    placeholderData: keepPreviousData,
    // Money: read afresh on every visit.
    staleTime: 0,
  });
  const go = (skip: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      const nextPage = Math.floor(skip / TAKE) + 1;
      if (nextPage === 1) next.delete(ORDERS_PAGE_PARAM);
      else next.set(ORDERS_PAGE_PARAM, String(nextPage));
      return next;
    });

  const { data } = orders;
  let body;
  if (orders.isPending) {
    body = <AdminListLoading label={t('orders.loading')} rows={3} linesPerRow={1} />;
  } else if (orders.isError && !data) {
    body = (
      <ErrorState
        message={t('orders.loadFailed')}
        correlationId={isApiError(orders.error) ? orders.error.correlationId : undefined}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  } else if (data && data.total === 0) {
    body = <EmptyState title={t('orders.empty')} />;
  } else if (data) {
    body = (
      <>
        <OrdersTable orders={data.items} />
        <AdminPager
          skip={request.skip}
          take={TAKE}
          shown={data.items.length}
          total={data.total}
          busy={orders.isFetching}
          onPage={go}
          label={t('orders.pagerLabel')}
        />
      </>
    );
  }

  return (
    <section
      className="billing-orders"
      aria-labelledby="billing-orders-heading"
      aria-busy={orders.isFetching || undefined}
    >
      <h2 id="billing-orders-heading">{t('orders.heading')}</h2>
      <p className="billing-orders__intro">{t('orders.intro')}</p>
      {body}
    </section>
  );
}

function OrdersTable({ orders }: { orders: readonly Order[] }) {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  const { creditsText, productText } = useCommerceText();
  const itemOf = (order: Order) =>
    order.kind === 'package' ? `${productText(order)}: ${creditsText(order.credits)}` : productText(order);
  return (
    <div className="billing-table-frame">
      <table className="billing-table billing-orders-table">
        <caption className="visually-hidden">{t('orders.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.date')}</th>
            <th scope="col">{t('orders.order')}</th>
            <th scope="col">{t('orders.product')}</th>
            <th scope="col" className="billing-table__number">
              {t('orders.amount')}
            </th>
            <th scope="col">{t('orders.status')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order-id={order.id}>
              <td className="billing-table__date" data-label={t('orders.date')}>
                {formatDateTime(order.createdAt)}
              </td>
              <th scope="row" className="billing-table__what" data-label={t('orders.order')}>
                <Link to={orderStatusPath(order.id)}>
                  <code className="ui-code">{shortOrderId(order.id)}</code>
                </Link>
              </th>
              <td data-label={t('orders.product')}>
                {itemOf(order)}
                {order.paidAt && <InvoiceDetails order={order} item={itemOf(order)} />}
              </td>
              <td data-label={t('orders.amount')} className="billing-table__number">
                {formatMoney(order.price.amountMinor, order.price.currency)}
              </td>
              <td data-label={t('orders.status')}>
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What an invoice for a paid order needs, in a disclosure (the Terms say how to ask for one). */
function InvoiceDetails({ order, item }: { order: Order; item: string }) {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  const email = useSession((state) => state.user?.email);
  const rows: Array<[string, ReactNode]> = [
    [t('orders.invoice.number'), <code key="number">{order.id}</code>],
    [t('orders.invoice.paidAt'), formatDateTime(order.paidAt!)],
    [t('orders.invoice.item'), item],
    [t('orders.invoice.quantity'), t('orders.invoice.quantityValue')],
    [t('orders.invoice.total'), formatMoney(order.price.amountMinor, order.price.currency)],
    [t('orders.invoice.currency'), order.price.currency],
    [t('orders.invoice.method'), t(`orders.invoice.providers.${order.provider}`)],
  ];
  if (email) rows.push([t('orders.invoice.buyer'), email]);
  return (
    <details className="billing-invoice">
      <summary aria-label={t('orders.invoice.toggleLabel', { order: shortOrderId(order.id) })}>
        {t('orders.invoice.toggle')}
      </summary>
      <p className="billing-invoice__intro">
        {t('orders.invoice.intro')} <Link to="/terms">{t('orders.invoice.terms')}</Link>
      </p>
      <dl className="billing-invoice__data">
        {rows.map(([label, value]) => (
          <div key={label} className="billing-invoice__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
