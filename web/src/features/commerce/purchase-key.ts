import { useCallback, useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';

/**
 * Whether sending the same Idempotency-Key again could only replay this refusal: the gateway keeps
 * 4xx answers under the key for 24 h (pipeline README "Idempotency"). Not kept: no answer at all
 * (status 0: network, time-out), 5xx (the claim is released), 408 and 429 (refused before the key).
 * A 409 counts as kept here: for an order it is commerce's "another plan runs" or "already settled"
 * — the gateway's own in-flight 409 would only cost a second pending order, which expires unpaid.
 */
export function isKeptRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const { status } = error;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export function isCancelledError(error: unknown): boolean {
  return isApiError(error) && error.reason === 'cancelled';
}

/** The data cache's one mutation retry (spec §8), only where repeating the same key can help. */
export function retryPurchase(failureCount: number, error: unknown, maxRetries: number): boolean {
  return failureCount < maxRetries && !isKeptRefusal(error) && !isCancelledError(error);
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
