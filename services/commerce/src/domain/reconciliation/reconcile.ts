import type { Reconciliation } from '@kadr/contracts';
import type { AccountRepository } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import type { Account, AccountChange } from '../credits/account';

/**
 * Proves the account against its ledger: `balance == Σ ledger balance changes`,
 * `held == Σ ledger held changes == Σ open holds`, nothing negative, and each chargeback took back at most
 * what its order granted (taken + shortfall = purchased, once per order, held untouched). Entries still in the
 * account's outbox count as ledger entries (the relay copies them with the same id), so the
 * check holds at any moment, not only after the relay ran.
 */
export async function reconcileAccount(
  accounts: Pick<AccountRepository, 'get'>,
  ledger: Pick<LedgerRepository, 'listByUser'>,
  userId: string,
): Promise<Reconciliation | null> {
  // The account is read before and after the ledger; a change in between (a concurrent hold)
  // could make the two disagree without anything being wrong, so read again until stable.
  for (let attempt = 0; ; attempt += 1) {
    const before = await accounts.get(userId);
    if (!before) return null;
    const entries = await ledger.listByUser(userId);
    const after = await accounts.get(userId);
    if (!after) return null;
    if (after.updatedAt.getTime() === before.updatedAt.getTime() || attempt >= 5) {
      // The relay may have moved a change from the outbox to the ledger after the ledger was read:
      // it is in `before`'s outbox, and every change there is already in `after`'s totals.
      return compare(after, entries, [...before.outbox, ...after.outbox]);
    }
  }
}

export interface SampleReconciliation {
  /** Accounts reconciled (those deleted meanwhile not counted). */
  checked: number;
  /** The reports of the accounts found wrong. */
  mismatches: Reconciliation[];
}

/**
 * Reconciles the `sampleSize` most recently changed accounts, where a new bug would show first.
 * An account found wrong is checked once more before it counts: a change landing between the
 * reads (two in the same millisecond keep `updatedAt`) can make one check disagree, a real
 * difference stays.
 */
export async function reconcileRecentAccounts(
  accounts: Pick<AccountRepository, 'get' | 'recentlyChanged'>,
  ledger: Pick<LedgerRepository, 'listByUser'>,
  sampleSize: number,
): Promise<SampleReconciliation> {
  let checked = 0;
  const mismatches: Reconciliation[] = [];
  for (const userId of await accounts.recentlyChanged(sampleSize)) {
    let report = await reconcileAccount(accounts, ledger, userId);
    if (report && !report.ok) report = await reconcileAccount(accounts, ledger, userId);
    if (!report) continue;
    checked += 1;
    if (!report.ok) mismatches.push(report);
  }
  return { checked, mismatches };
}

function compare(account: Account, ledgerEntries: readonly AccountChange[], pending: readonly AccountChange[]) {
  const byId = new Map<string, AccountChange>();
  for (const entry of ledgerEntries) byId.set(entry.id, entry);
  let pendingEntries = 0;
  for (const change of pending) {
    if (byId.has(change.id)) continue;
    byId.set(change.id, change);
    pendingEntries += 1;
  }
  let ledgerBalance = 0;
  let ledgerHeld = 0;
  for (const entry of byId.values()) {
    ledgerBalance += entry.balanceDelta;
    ledgerHeld += entry.heldDelta;
  }
  const openHolds = account.holds.reduce((sum, h) => sum + h.amount, 0);
  const problems: string[] = [];
  if (account.balance !== ledgerBalance) problems.push(`balance ${account.balance} ≠ Σ ledger ${ledgerBalance}`);
  if (account.held !== ledgerHeld) problems.push(`held ${account.held} ≠ Σ ledger ${ledgerHeld}`);
  if (account.held !== openHolds) problems.push(`held ${account.held} ≠ Σ open holds ${openHolds}`);
  if (account.available !== account.balance - account.held) problems.push('available ≠ balance − held');
  if (account.available < 0 || account.balance < 0 || account.held < 0) problems.push('a negative total');
  problems.push(...chargebackProblems([...byId.values()]));
  return {
    userId: account.userId,
    ok: problems.length === 0,
    balance: account.balance,
    held: account.held,
    ledgerBalance,
    ledgerHeld,
    openHolds,
    ledgerEntries: byId.size,
    pendingEntries,
    problems,
  };
}

/**
 * A chargeback line takes back what its order's purchase line granted: the credits taken plus the shortfall
 * recorded are exactly the purchase, taken is not negative, held credits are not touched, and an order has
 * one chargeback line at most.
 */
function chargebackProblems(entries: readonly AccountChange[]): string[] {
  const problems: string[] = [];
  const purchased = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind === 'purchase')
      purchased.set(entry.reference, (purchased.get(entry.reference) ?? 0) + entry.balanceDelta);
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.kind !== 'chargeback') continue;
    const order = entry.reference;
    const taken = 0 - entry.balanceDelta;
    const granted = purchased.get(order) ?? 0;
    if (seen.has(order)) problems.push(`order ${order} has more than one chargeback line`);
    seen.add(order);
    if (taken < 0 || entry.heldDelta !== 0)
      problems.push(`chargeback of order ${order} adds credits or moves held ones`);
    if (taken + (entry.shortfall ?? 0) !== granted) {
      problems.push(
        `chargeback of order ${order}: taken ${taken} + shortfall ${entry.shortfall ?? 0} ≠ purchased ${granted}`,
      );
    }
  }
  return problems;
}
