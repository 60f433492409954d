import type { OrderStatus } from '@kadr/contracts';

/** An order leaves `pending` once, for one of these (commerce README "Orders"); a paid one may later be refunded. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'failed', 'cancelled', 'expired', 'refunded'];

export function isFinalOrderStatus(status: OrderStatus | undefined): boolean {
  return status !== undefined && FINAL_ORDER_STATUSES.includes(status);
}

/** Failed, cancelled or expired: nothing was charged, nothing granted. */
export function isUnsuccessfulOrderStatus(status: OrderStatus | undefined): boolean {
  return status === 'failed' || status === 'cancelled' || status === 'expired';
}
