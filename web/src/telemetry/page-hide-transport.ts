import { newIdempotencyKey } from '../api/api-client';
import type { TelemetryBatch } from './telemetry-batch';

const TELEMETRY_URL = '/bff/telemetry';
const CSRF_COOKIE = 'kadr_csrf';

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
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers['X-CSRF-Token'] = csrf;
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

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
