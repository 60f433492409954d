/** The localStorage key of this browser's random id (feature-flag rollout only; never sent anywhere). */
export const BROWSER_ID_STORAGE_KEY = 'kadr.browserId';

let fallbackId: string | undefined;

/**
 * A random id for this browser, created on first use and kept in localStorage so a rollout
 * decision stays the same across visits. It is not tied to the person (signing in as someone else
 * keeps it) and it never leaves the browser. Without usable storage (private modes, blocked
 * storage) it lives as long as the page.
 */
export function getBrowserId(): string {
  try {
    const stored = localStorage.getItem(BROWSER_ID_STORAGE_KEY);
    if (stored) return stored;
    const created = randomId();
    localStorage.setItem(BROWSER_ID_STORAGE_KEY, created);
    return created;
  } catch {
    fallbackId ??= randomId();
    return fallbackId;
  }
}

/** 128 random bits: a UUID where `randomUUID` exists (secure contexts), else 32 hex digits. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
