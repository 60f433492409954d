import type { BillingLedgerFilter } from '../../api/endpoints';

/** Data-cache keys of the money history: the credit history's pages and a job's receipt. */
export const billingKeys = {
  /** The prefix of every page of the ledger. */
  allLedger: ['commerce', 'ledger'] as const,
  ledger: (page: BillingLedgerFilter & { skip: number; take: number }) => ['commerce', 'ledger', page] as const,
  /** The prefix of every receipt. */
  allReceipts: ['commerce', 'receipts'] as const,
  receipt: (jobId: string) => ['commerce', 'receipts', jobId] as const,
};
