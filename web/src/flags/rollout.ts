/**
 * Percentage rollout (spec §9 "percentage rollout by hash of a per-browser id"): a browser gets a
 * flag when the hash of `key:browserId` falls in the first `percent` of 10 000 buckets. The same
 * browser always lands in the same bucket for a flag (no flicker between visits), and different
 * flags split browsers independently (the key is part of the hash). Percent steps of 0.01.
 */

const BUCKETS = 10_000;
const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a over the UTF-16 code units (for our ASCII keys and ids the same as over bytes). */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** The browser's bucket for a flag, 0 … 9 999. */
export function rolloutBucket(key: string, browserId: string): number {
  return fnv1a32(`${key}:${browserId}`) % BUCKETS;
}

/** Whether this browser is among the `percent` (0–100) who get the flag: 0 never, 100 always. */
export function isInRollout(key: string, browserId: string, percent: number): boolean {
  if (!(percent > 0)) return false;
  if (percent >= 100) return true;
  return rolloutBucket(key, browserId) < Math.round(percent * (BUCKETS / 100));
}
