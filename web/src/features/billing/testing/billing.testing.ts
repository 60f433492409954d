/** Test data of the money-history screens (never imported by app code): ledger lines shaped like commerce's. */
import type { BillingLedgerLine } from '@kadr/contracts';

/** A line of the user's ledger: an adjustment that changes nothing, at 1 March 2025 10:00 UTC, unless patched. */
export function makeLedgerLine(id: string, patch: Partial<BillingLedgerLine> = {}): BillingLedgerLine {
  return {
    id,
    kind: 'adjustment',
    balanceDelta: 0,
    heldDelta: 0,
    allowanceDelta: 0,
    reference: '',
    referenceType: 'other',
    reason: null,
    occurredAt: '2025-03-01T10:00:00.000Z',
    balanceAfter: 0,
    heldAfter: 0,
    ...patch,
  };
}
