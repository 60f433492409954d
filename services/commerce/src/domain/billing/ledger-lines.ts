import type { BillingLedgerLine, LedgerKind } from '@kadr/contracts';
import type { LedgerEntry } from '../credits/account';

/** Kinds whose reference is a job id (the holds of its generations, their capture or release). */
const JOB_KINDS: ReadonlySet<LedgerKind> = new Set(['hold', 'capture', 'release']);

function referenceTypeOf(entry: LedgerEntry): BillingLedgerLine['referenceType'] {
  if (JOB_KINDS.has(entry.kind)) return 'job';
  if (entry.kind === 'purchase' || entry.kind === 'refund' || entry.kind === 'chargeback') return 'order';
  if (entry.reference.startsWith('welcome:')) return 'welcome';
  return 'other';
}

/**
 * A user's ledger (oldest first, as the store lists it) as lines with the totals after each: the
 * balance and the held credits are the running sums of their deltas, which is what the account
 * holds (Σ over the ledger = balance; the reconciliation checks it). Computed on read: an
 * account change does not know the balance it leads to when it is written (one `$inc`, no read).
 */
export function ledgerLines(entries: readonly LedgerEntry[]): BillingLedgerLine[] {
  let balance = 0;
  let held = 0;
  return entries.map((entry) => {
    balance += entry.balanceDelta;
    held += entry.heldDelta;
    return {
      id: entry.id,
      kind: entry.kind,
      balanceDelta: entry.balanceDelta,
      heldDelta: entry.heldDelta,
      allowanceDelta: entry.allowanceDelta,
      reference: entry.reference,
      referenceType: referenceTypeOf(entry),
      reason: entry.reason ?? null,
      occurredAt: entry.occurredAt.toISOString(),
      balanceAfter: balance,
      heldAfter: held,
    };
  });
}
