/** SigV4 presigned URLs live at most 7 days; the filesystem adapter keeps the same bounds so both behave alike. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export function assertPresignExpiry(expiresInSeconds: number): void {
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_PRESIGN_SECONDS}`);
  }
}
