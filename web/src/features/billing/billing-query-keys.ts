import type { BillingLedgerFilter } from '../../api/endpoints';

/** Data-cache keys of the money history: the credit history's pages, a job's receipt and the order history's pages. */
export const billingKeys = {
  /** The prefix of every page of the ledger. */
  allLedger: ['commerce', 'ledger'] as const,
  ledger: (page: BillingLedgerFilter & { skip: number; take: number }) => ['commerce', 'ledger', page] as const,
  /** The prefix of every receipt. */
  allReceipts: ['commerce', 'receipts'] as const,
  receipt: (jobId: string) => ['commerce', 'receipts', jobId] as const,
  /** The prefix of every page of the caller's own orders. */
  allOrders: ['commerce', 'own-orders'] as const,
  orders: (page: { skip: number; take: number }) => ['commerce', 'own-orders', page] as const,
};
