/**
 * Argument rules shared by the adapters, checked before any I/O so that both reject the same
 * input the same way (Redis itself would reject some of it with less helpful messages).
 */

export function checkTtlMs(ttlMs: number): number {
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`ttlMs must be a positive integer number of milliseconds, got ${ttlMs}`);
  }
  return ttlMs;
}

export function checkMaxLength(maxLength: number): number {
  if (!Number.isSafeInteger(maxLength) || maxLength <= 0) {
    throw new RangeError(`maxLength must be a positive integer, got ${maxLength}`);
  }
  return maxLength;
}
