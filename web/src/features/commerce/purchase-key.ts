import { useCallback, useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isKeptRefusal as isKeptUnderKey, retryWithSameKey } from '../../api/idempotency';

export { isCancelledError } from '../../api/api-error';

/**
 * The gateway's kept-refusal rule (`api/idempotency.ts`), with a 409 counted as kept: for an order
 * it is commerce's "another plan runs" or "already settled" — the gateway's own in-flight 409 would
 * only cost a second pending order, which expires unpaid.
 */
const COMMERCE_REFUSALS = { conflictIsKept: true };

export function isKeptRefusal(error: unknown): boolean {
  return isKeptUnderKey(error, COMMERCE_REFUSALS);
}

/** The data cache's one mutation retry (spec §8), only where repeating the same key can help. */
export function retryPurchase(failureCount: number, error: unknown, maxRetries: number): boolean {
  return retryWithSameKey(failureCount, error, maxRetries, COMMERCE_REFUSALS);
}

export interface PurchaseKeys {
  /** The key of this logical purchase: the same while the choice stays the same, a new one for another choice. */
  keyFor(fingerprint: string): string;
  /** The purchase is over (an order started, settled, or refused for good): the next one gets a new key. */
  forget(): void;
  /** Forgets the key when the server keeps this refusal under it (a retry would only replay it). */
  forgetIfKept(key: string, error: unknown): void;
}

/**
 * One Idempotency-Key per logical purchase: pressing Pay again for the same package after a
 * failure that the server did not keep (network, time-out, 5xx) sends the same key, so an order
 * that did reach commerce is not made twice; another package, a kept refusal or a finished
 * purchase starts a new key.
 */
export function usePurchaseKey(): PurchaseKeys {
  const current = useRef<{ key: string; fingerprint: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (current.current?.fingerprint !== fingerprint) current.current = { key: newIdempotencyKey(), fingerprint };
    return current.current.key;
  }, []);
  const forget = useCallback(() => {
    current.current = null;
  }, []);
  const forgetIfKept = useCallback((key: string, error: unknown) => {
    if (isKeptRefusal(error) && current.current?.key === key) current.current = null;
  }, []);
  return useMemo(() => ({ keyFor, forget, forgetIfKept }), [keyFor, forget, forgetIfKept]);
}
