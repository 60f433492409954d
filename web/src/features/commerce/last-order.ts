import type { PlanId } from '@kadr/contracts';

/**
 * The order this tab created last, so the payment-success page still knows it when the provider
 * returns without `?orderId=` (sessionStorage: per tab, survives the round trip to Tpay, gone with
 * the tab). `balanceBefore` is the balance when the order was made: the success page waits until
 * the balance has grown by the order's credits.
 */
export const LAST_ORDER_STORAGE_KEY = 'kadr.lastOrder';

export interface LastOrder {
  orderId: string;
  kind: 'package' | 'plan';
  packageId: string | null;
  planId: PlanId | null;
  /** The balance when the order was created; null when it was not known. */
  balanceBefore: number | null;
}

export function rememberLastOrder(order: LastOrder, storage: Storage | null = sessionStorageOrNull()): void {
  try {
    storage?.setItem(LAST_ORDER_STORAGE_KEY, JSON.stringify(order));
  } catch {
    // Storage full or blocked: the success page then needs the id in its address.
  }
}

/** The remembered order, or null when there is none or it is malformed. */
export function readLastOrder(storage: Storage | null = sessionStorageOrNull()): LastOrder | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(LAST_ORDER_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.orderId !== 'string' || value.orderId === '') return null;
    return {
      orderId: value.orderId,
      kind: value.kind === 'plan' ? 'plan' : 'package',
      packageId: typeof value.packageId === 'string' ? value.packageId : null,
      planId:
        value.planId === 'starter' || value.planId === 'pro' || value.planId === 'enterprise' ? value.planId : null,
      balanceBefore:
        typeof value.balanceBefore === 'number' && Number.isFinite(value.balanceBefore) ? value.balanceBefore : null,
    };
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
