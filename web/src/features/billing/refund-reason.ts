/**
 * Why credits held for a video came back, in plain words. A release's `reason` on the ledger (and on
 * a job's receipt) is `cancelled`, `deleted`, the failure's kind where the catalogue's reason says too
 * little (`output_check`: the render failed the quality check; `marked_failed`: the administrator
 * stopped it — both `unknown` in the catalogue), or the failure reason from the error catalogue.
 */
export const REFUND_REASONS = [
  'cancelled',
  'qualityCheck',
  'support',
  'provider',
  'timeout',
  'deleted',
  'failed',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const BY_CODE: Readonly<Record<string, RefundReason>> = {
  cancelled: 'cancelled',
  deleted: 'deleted',
  output_check: 'qualityCheck',
  marked_failed: 'support',
  aiproxy_error: 'provider',
  timeout: 'timeout',
};

/** The plain-words reason of a release's (or a failed job's) code; anything not named is "the generation failed". */
export function refundReasonOf(code: string | null | undefined): RefundReason {
  const known = code ? BY_CODE[code.trim()] : undefined;
  return known ?? 'failed';
}
