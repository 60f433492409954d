import { newIdempotencyKey } from '../api/api-client';
import type { TelemetryBatch } from '@kadr/contracts/values';
import { CSRF_HEADER, readCsrfToken } from '../api/csrf-token';

const TELEMETRY_URL = '/bff/telemetry';

/**
 * Sends a batch so that it survives the page being hidden or unloaded: `fetch` with `keepalive`
 * (at most 64 KiB in flight, hence the 60 kB batches). `navigator.sendBeacon` cannot set the
 * `X-CSRF-Token` and `Idempotency-Key` headers every `/bff` change needs, so it is not used. Fire
 * and forget: nobody is left to read the answer.
 */
export function sendBatchOnPageHide(batch: TelemetryBatch): void {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': newIdempotencyKey(),
  };
  const csrf = readCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  try {
    void fetch(TELEMETRY_URL, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers,
      body: JSON.stringify(batch),
    }).catch(() => undefined);
  } catch {
    // fetch itself refused (e.g. the keepalive quota is used up): the batch is lost, the page is going anyway.
  }
}
