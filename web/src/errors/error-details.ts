/** What the error screen shows of any thrown value: its message and, for API errors, the correlation ID. */
export interface ErrorDetails {
  message: string | null;
  correlationId: string | null;
}

/**
 * Reads an unknown thrown value without trusting it. `correlationId` is duck-typed (ApiError has
 * it, and so may errors wrapped by other code), so this module needs no import from `api/`.
 */
export function readErrorDetails(error: unknown): ErrorDetails {
  if (typeof error === 'string') return { message: error || null, correlationId: null };
  if (typeof error !== 'object' || error === null) return { message: null, correlationId: null };
  const record = error as Record<string, unknown>;
  const message = typeof record.message === 'string' && record.message.trim() !== '' ? record.message : null;
  const correlationId =
    typeof record.correlationId === 'string' && record.correlationId !== '' ? record.correlationId : null;
  return { message, correlationId };
}
