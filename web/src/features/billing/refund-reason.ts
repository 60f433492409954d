/**
 * Why credits held for a video came back, in plain words. A release's `reason` on the ledger (and on
 * a job's receipt) is `cancelled`, `deleted`, or the generation's failure reason from the error
 * catalogue; the worker writes a failed output check (and any failure it cannot name) as `unknown`.
 */
export const REFUND_REASONS = ['cancelled', 'qualityCheck', 'provider', 'timeout', 'deleted', 'failed'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const BY_CODE: Readonly<Record<string, RefundReason>> = {
  cancelled: 'cancelled',
  deleted: 'deleted',
  unknown: 'qualityCheck',
  aiproxy_error: 'provider',
  timeout: 'timeout',
};

/** The plain-words reason of a release's (or a failed job's) code; anything not named is "the generation failed". */
export function refundReasonOf(code: string | null | undefined): RefundReason {
  const known = code ? BY_CODE[code.trim()] : undefined;
  return known ?? 'failed';
}
