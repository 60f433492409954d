import type { Order } from '@kadr/contracts';
import { formatMoney } from '../../i18n/format';
import { Badge, type BadgeVariant } from '../../ui';
import { useCommerceText } from './use-commerce-text';

const STATUS_BADGE: Record<Order['status'], BadgeVariant> = {
  pending: 'info',
  paid: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  expired: 'warning',
  refunded: 'warning',
};

/** An order's status in the user's words, coloured by how it ended. */
export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const { t } = useCommerceText();
  return <Badge variant={STATUS_BADGE[status]}>{t(`order.statuses.${status}`)}</Badge>;
}

export interface OrderDetailsProps {
  order: Pick<Order, 'id' | 'kind' | 'credits' | 'planId' | 'price' | 'status'>;
  showStatus?: boolean;
  showNumber?: boolean;
}

/** An order as a description list: product, credits (packages), total, status, number. */
export function OrderDetails({ order, showStatus = true, showNumber = false }: OrderDetailsProps) {
  const { t, creditsText, productText } = useCommerceText();
  return (
    <dl className="commerce-order">
      <div className="commerce-order__row">
        <dt>{t('order.product')}</dt>
        <dd>{productText(order)}</dd>
      </div>
      {order.kind === 'package' && (
        <div className="commerce-order__row">
          <dt>{t('order.credits')}</dt>
          <dd>{creditsText(order.credits)}</dd>
        </div>
      )}
      <div className="commerce-order__row commerce-order__row--total">
        <dt>{t('order.total')}</dt>
        <dd>{formatMoney(order.price.amountMinor, order.price.currency)}</dd>
      </div>
      {showStatus && (
        <div className="commerce-order__row">
          <dt>{t('order.status')}</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
      )}
      {showNumber && (
        <div className="commerce-order__row">
          <dt>{t('order.number')}</dt>
          <dd>
            <code className="commerce-order__id">{order.id}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}
