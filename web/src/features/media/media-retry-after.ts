import { parseRetryAfterSeconds } from '../../api/retry-after';

/**
 * The longest a thumbnail or a video waits out a 429's `Retry-After` before its fallback: a
 * person looking at a card should not stare at a loading box for longer. A longer wait goes
 * straight on to the fallback.
 */
export const MEDIA_RETRY_AFTER_MAX_MS = 10_000;
/** No readable `Retry-After` on a 429: the spec's 1 s fallback wait. */
const MEDIA_RETRY_AFTER_FALLBACK_MS = 1_000;

/**
 * How long to wait before trying one of our own media addresses (`/thumbs/…`, `/video/…`)
 * again after its `<img>` or `<video>` failed, or null when a retry would not help.
 *
 * An element's error event hides the status, so the address is asked once more with HEAD (same
 * origin, with the cookie, never cached): only a 429 `rate_limited` is worth waiting for — the
 * gateway's media budget (600 per minute) refilling — and only for at most
 * `MEDIA_RETRY_AFTER_MAX_MS`. Anything else (404, 5xx, no network, a very long wait): null, and
 * the caller goes on to its fallback at once.
 */
export async function retryDelayAfterMediaError(src: string, signal: AbortSignal): Promise<number | null> {
  let response: Response;
  try {
    response = await fetch(src, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store', signal });
  } catch {
    return null;
  }
  if (response.status !== 429) return null;
  const seconds = parseRetryAfterSeconds(response.headers.get('retry-after'));
  const waitMs = seconds === undefined ? MEDIA_RETRY_AFTER_FALLBACK_MS : seconds * 1000;
  return waitMs <= MEDIA_RETRY_AFTER_MAX_MS ? waitMs : null;
}

/** Resolves after `ms`, or never once `signal` aborts (the component went away). */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}

/**
 * The same address, new to the browser's image and media caches (the gateway ignores the query
 * of `/thumbs` and `/video`), so the retry is a real request and not the remembered failure.
 */
export const retryAddress = (src: string): string => `${src}${src.includes('?') ? '&' : '?'}retry=1`;
