/** The web app's own development payment page (the mock provider's `paymentUrl` points here). */
export const MOCK_PAYMENT_PATH = '/payment/mock-process';

/**
 * Where create-order's `paymentUrl` sends the browser:
 * - `none`: empty, unparsable or not http(s) (a `javascript:` URL is never followed) — the payment
 *   cannot start, diagnostics explain why;
 * - `mock`: the app's own simulator page — a route of this app, followed client-side even when the
 *   server built it with another origin (its `PUBLIC_URL`, e.g. the gateway behind the Vite dev server);
 * - `internal`: another page of this origin — followed client-side;
 * - `external`: the payment provider (Tpay) — a full page load.
 */
export type PaymentTarget =
  | { kind: 'none' }
  | { kind: 'mock'; path: string }
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string };

export function paymentTargetOf(
  paymentUrl: string | null | undefined,
  origin: string = currentOrigin(),
): PaymentTarget {
  const raw = (paymentUrl ?? '').trim();
  if (raw === '') return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.pathname === MOCK_PAYMENT_PATH) return { kind: 'mock', path };
  if (url.origin === origin) return { kind: 'internal', path };
  return { kind: 'external', url: url.href };
}

/** True when the URL is the development simulator (the spec's "mock" payment URL). */
export function isMockPaymentUrl(paymentUrl: string | null | undefined): boolean {
  return paymentTargetOf(paymentUrl).kind === 'mock';
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
