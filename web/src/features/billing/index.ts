/** Money-history pieces shared by the credit history (`/billing`) and a job's page (`/jobs/:id`). */
export { billingKeys } from './billing-query-keys';
export { billingMessages } from './messages';
export { REFUND_REASONS, refundReasonOf, type RefundReason } from './refund-reason';
export { useRefundText } from './use-refund-text';
export { useReloadOnCreditsChange } from './use-reload-on-credits-change';
