import type { CommerceStores } from '../../../src/data-access/stores';
import type { AccountChange } from '../../../src/domain/credits/account';
import { reconcileAccount } from '../../../src/domain/reconciliation/reconcile';

/** What the model knows from commerce's own answers, to hold the stored state against. */
export interface ModelFacts {
  userId: string;
  /** Per job id: the generations commerce answered 201 (a new hold) for. */
  holdsCreated: Map<string, Set<number>>;
  /** Allowance holds commerce created: hold id → the start of the period it was taken in. */
  allowanceHolds: Map<string, number>;
  /** Paid orders (from the mock provider's answers): kind and credits. */
  paidOrders: Map<string, { kind: 'package' | 'plan'; credits: number }>;
  /** Paid orders whose `payment.completed` commerce's consumer received at least once. */
  deliveredOrders: Set<string>;
}

const count = <T>(items: readonly T[], keep: (item: T) => boolean) => items.filter(keep).length;

/**
 * The ledger's invariants, checked after every step (they must hold at any moment, with the
 * relay behind): balance == Σ ledger, held == Σ ledger == Σ open holds, available = balance −
 * held ≥ 0; each hold placed once and settled at most once, at most one open per job; credits
 * granted once per paid package order, orders applied once; the allowance within 0…the plan's.
 * Throws with every broken invariant listed.
 */
export async function checkLedgerInvariants(stores: CommerceStores, facts: ModelFacts): Promise<void> {
  const { userId } = facts;
  const account = await stores.accounts.get(userId);
  if (!account) return; // nothing has opened the account yet
  const problems: string[] = [];

  const report = await reconcileAccount(stores.accounts, stores.ledger, userId);
  if (!report?.ok) problems.push(`reconciliation: ${report ? report.problems.join('; ') : 'no account'}`);
  if (account.available < 0) problems.push(`available ${account.available} < 0`);

  // The ledger as it is plus what the relay has yet to copy (same ids, so each change once).
  const entries = new Map<string, AccountChange>();
  for (const entry of await stores.ledger.listByUser(userId)) entries.set(entry.id, entry);
  for (const change of account.outbox) entries.set(change.id, change);
  const all = [...entries.values()];

  for (const [jobId, generations] of facts.holdsCreated) {
    const ofJob = all.filter((e) => e.reference === jobId);
    const placed = count(ofJob, (e) => e.kind === 'hold');
    const settled = count(ofJob, (e) => e.kind === 'capture' || e.kind === 'release');
    const open = count(account.holds, (h) => (h.jobId ?? h.holdId) === jobId);
    if (placed !== generations.size)
      problems.push(`job ${jobId}: ${placed} hold entries for ${generations.size} holds placed`);
    if (settled > placed) problems.push(`job ${jobId}: ${settled} settlements of ${placed} holds (one settled twice)`);
    if (open !== placed - settled || open > 1)
      problems.push(`job ${jobId}: ${open} open holds, ${placed} placed, ${settled} settled`);
  }
  const settledIds = account.settledHolds.map((h) => h.holdId);
  if (new Set(settledIds).size !== settledIds.length) problems.push('a hold is listed as settled twice');

  const purchases = all.filter((e) => e.kind === 'purchase');
  const expectedPurchases = [...facts.deliveredOrders].filter((id) => facts.paidOrders.get(id)?.kind === 'package');
  const purchased = purchases.map((e) => e.reference).sort();
  if (JSON.stringify(purchased) !== JSON.stringify([...expectedPurchases].sort())) {
    problems.push(
      `credits granted for orders [${purchased.join(', ')}], paid and delivered [${expectedPurchases.join(', ')}]`,
    );
  }
  const grantedCredits = purchases.reduce((sum, e) => sum + e.balanceDelta, 0);
  const paidCredits = expectedPurchases.reduce((sum, id) => sum + (facts.paidOrders.get(id)?.credits ?? 0), 0);
  if (grantedCredits !== paidCredits) problems.push(`granted ${grantedCredits} credits for ${paidCredits} paid`);
  const applied = [...account.appliedOrderIds].sort();
  if (JSON.stringify(applied) !== JSON.stringify([...facts.deliveredOrders].sort())) {
    problems.push(
      `applied orders [${applied.join(', ')}], delivered paid orders [${[...facts.deliveredOrders].join(', ')}]`,
    );
  }
  for (const id of facts.deliveredOrders) {
    if (!facts.paidOrders.has(id)) problems.push(`order ${id} applied but never paid`);
  }

  const plan = account.subscription;
  if (plan) {
    const { allowanceUsed: used, allowanceLimit: limit, allowanceRemaining: remaining } = plan;
    if (used < 0) problems.push(`allowance used ${used} < 0`);
    if (limit !== null && used > limit) problems.push(`allowance used ${used} > the plan's ${limit}`);
    if (remaining !== (limit === null ? null : limit - used))
      problems.push(`allowance remaining ${remaining} ≠ ${limit} − ${used}`);
    // Used = the generations taken in this period and not given back (open or captured).
    let expectedUsed = 0;
    let known = true;
    for (const [holdId, periodStart] of facts.allowanceHolds) {
      if (periodStart !== plan.periodStart.getTime()) continue;
      const open = account.holds.some((h) => h.holdId === holdId);
      const settled = account.settledHolds.find((h) => h.holdId === holdId);
      if (!open && !settled) known = false; // trimmed from the account: cannot tell
      if (open || settled?.state === 'captured') expectedUsed += 1;
    }
    if (known && used !== expectedUsed) {
      problems.push(`allowance used ${used}, but ${expectedUsed} generations of this period are held or captured`);
    }
  }

  if (problems.length > 0) throw new Error(`ledger invariants broken for ${userId}:\n  ${problems.join('\n  ')}`);
}
