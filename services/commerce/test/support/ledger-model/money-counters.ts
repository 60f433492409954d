import type { Registry } from 'prom-client';
import { metricValue } from '@kadr/tooling/test-helpers';
import type { AccountChange } from '../../../src/domain/credits/account';

const SOURCES = ['credits', 'allowance'] as const;
const HOLD_OUTCOMES = { hold: 'placed', capture: 'captured', release: 'released' } as const;
const GRANT_REASONS = { grant: 'welcome', purchase: 'purchase' } as const;

/** `credit_holds_total` and `credits_granted_total`, one number per series the model knows. */
export async function moneyCounters(registry: Registry): Promise<Record<string, number>> {
  const counters: Record<string, number> = {};
  for (const source of SOURCES) {
    for (const outcome of Object.values(HOLD_OUTCOMES)) {
      counters[`holds ${source} ${outcome}`] = await metricValue(registry, 'credit_holds_total', { source, outcome });
    }
  }
  for (const reason of Object.values(GRANT_REASONS)) {
    counters[`credits granted ${reason}`] = await metricValue(registry, 'credits_granted_total', { reason });
  }
  return counters;
}

/**
 * What the counters must have grown by for one user: their ledger, counted the same way. Every
 * hold costs credits (amount ≥ 1) or none (an allowance hold), so an entry moving `held` is a
 * credit hold's and one that does not an allowance hold's.
 */
export function countersOfLedger(entries: readonly AccountChange[]): Record<string, number> {
  const counters: Record<string, number> = {};
  for (const source of SOURCES) {
    for (const outcome of Object.values(HOLD_OUTCOMES)) counters[`holds ${source} ${outcome}`] = 0;
  }
  for (const reason of Object.values(GRANT_REASONS)) counters[`credits granted ${reason}`] = 0;
  for (const entry of entries) {
    if (entry.kind === 'hold' || entry.kind === 'capture' || entry.kind === 'release') {
      const source = entry.heldDelta !== 0 ? 'credits' : 'allowance';
      counters[`holds ${source} ${HOLD_OUTCOMES[entry.kind]}`]! += 1;
    } else if (entry.kind === 'grant' || entry.kind === 'purchase') {
      counters[`credits granted ${GRANT_REASONS[entry.kind]}`]! += entry.balanceDelta;
    }
  }
  return counters;
}

/** `after − before`, series by series. */
export function growth(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([series, value]) => [series, value - (before[series] ?? 0)]));
}
