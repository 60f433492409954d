import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrder, OrderStatus } from '@kadr/contracts';
import { getAdminUserOrders } from '../../api/endpoints';
import { useCommerceText } from '../../features/commerce/use-commerce-text';
import { useCreditsLabel } from '../../features/jobs/use-credits-label';
import { formatDateTime, formatMoney, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge, Button, type BadgeVariant } from '../../ui';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { ADMIN_USER_ORDERS_TAKE } from './admin-users-limits';
import { ChargebackDialog } from './ChargebackDialog';
import { adminUsersMessages } from './messages';
import { shortOrderId } from '../../features/commerce/order-links';
import { UserPagedList } from './UserPagedList';

const STATUS_VARIANT: Record<OrderStatus, BadgeVariant> = {
  pending: 'info',
  paid: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  expired: 'neutral',
  refunded: 'warning',
};

export interface UserOrdersListProps {
  userId: string;
  email: string;
}

/**
 * One user's orders, newest first (from commerce): what was bought, its status and price, and for a
 * refunded order what its chargeback took back and the shortfall. A paid order can be marked refunded
 * after a chargeback (a confirmation with the reason the user will read).
 */
export function UserOrdersList({ userId, email }: UserOrdersListProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  // What was bought and the status, in the words the user's own order page uses.
  const { t: commerceText, productText } = useCommerceText();
  const creditsLabel = useCreditsLabel();
  const [skip, setSkip] = useState(0);
  const [charging, setCharging] = useState<AdminOrder | null>(null);
  const take = ADMIN_USER_ORDERS_TAKE;
  const orders = useQuery({
    queryKey: adminKeys.userOrders(userId, skip, take),
    queryFn: ({ signal }) => getAdminUserOrders(userId, { skip, take }, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <UserPagedList query={orders} skip={skip} take={take} onPage={setSkip} loadingLines={3} list="orders">
        {(items) => (
          <div className="admin-users-table-frame">
            <table className="admin-users-table admin-users-orders-table">
              <caption className="visually-hidden">{t('orders.caption', { email })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('orders.columns.order')}</th>
                  <th scope="col">{t('orders.columns.status')}</th>
                  <th scope="col" className="admin-users-num">
                    {t('orders.columns.price')}
                  </th>
                  <th scope="col" className="admin-users-num">
                    {t('orders.columns.credits')}
                  </th>
                  <th scope="col">{t('orders.columns.created')}</th>
                  <th scope="col">{t('orders.columns.chargeback')}</th>
                  <th scope="col">{t('orders.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((order) => (
                  <tr key={order.id} className="admin-users-row" data-order-id={order.id}>
                    <th scope="row" data-label={t('orders.columns.order')}>
                      <code className="ui-code">{shortOrderId(order.id)}</code>{' '}
                      <span className="admin-users-muted">{productText(order)}</span>
                    </th>
                    <td data-label={t('orders.columns.status')}>
                      <Badge variant={STATUS_VARIANT[order.status]} dot>
                        {commerceText(`order.statuses.${order.status}`)}
                      </Badge>
                    </td>
                    <td data-label={t('orders.columns.price')} className="admin-users-num">
                      {formatMoney(order.price.amountMinor, order.price.currency)}
                    </td>
                    <td data-label={t('orders.columns.credits')} className="admin-users-num">
                      {order.kind === 'package' ? formatNumber(order.credits) : t('orders.none')}
                    </td>
                    <td data-label={t('orders.columns.created')}>
                      <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                    </td>
                    <td data-label={t('orders.columns.chargeback')}>
                      <ChargebackOutcome order={order} creditsLabel={creditsLabel} />
                    </td>
                    <td data-label={t('orders.columns.actions')}>
                      {order.status === 'paid' ? (
                        <Button variant="danger" size="sm" onClick={() => setCharging(order)}>
                          {t('orders.chargeback.action')}
                          <span className="visually-hidden">
                            {' '}
                            — {t('orders.chargeback.actionFor', { order: shortOrderId(order.id) })}
                          </span>
                        </Button>
                      ) : (
                        t('orders.none')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </UserPagedList>
      <ChargebackDialog order={charging} email={email} onClose={() => setCharging(null)} />
    </>
  );
}

/** A refunded order's chargeback: credits taken back and the shortfall (or the plan's new end), and the reason. */
function ChargebackOutcome({ order, creditsLabel }: { order: AdminOrder; creditsLabel: (n: number) => string }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const chargeback = order.chargeback;
  if (!chargeback) return <>{t('orders.none')}</>;
  const reason = <span className="admin-users-muted">{t('orders.reason', { reason: chargeback.reason })}</span>;
  if (chargeback.settledAt === null) {
    return (
      <div className="admin-users-chargeback">
        <span>{t('orders.settling')}</span>
        {reason}
      </div>
    );
  }
  if (order.kind === 'plan') {
    return (
      <div className="admin-users-chargeback">
        <span>
          {chargeback.planEndsAt
            ? t('orders.planEnds', { at: formatDateTime(chargeback.planEndsAt) })
            : t('orders.noPlanTime')}
        </span>
        {reason}
      </div>
    );
  }
  const shortfall = chargeback.shortfallCredits ?? 0;
  return (
    <div className="admin-users-chargeback">
      <span>{t('orders.taken', { credits: creditsLabel(chargeback.takenCredits ?? 0) })}</span>
      {shortfall > 0 ? (
        <strong className="admin-users-shortfall">{t('orders.shortfall', { credits: creditsLabel(shortfall) })}</strong>
      ) : (
        <span className="admin-users-muted">{t('orders.noShortfall')}</span>
      )}
      {reason}
    </div>
  );
}
