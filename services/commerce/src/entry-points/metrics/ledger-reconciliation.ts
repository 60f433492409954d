import { repeatEvery } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { CommerceConfig } from '../../config';
import type { AccountRepository } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import { reconcileRecentAccounts } from '../../domain/reconciliation/reconcile';
import type { CommerceMetrics } from './commerce-metrics';

export interface LedgerReconciliationOptions {
  config: Pick<CommerceConfig, 'RECONCILIATION_INTERVAL_MS' | 'RECONCILIATION_SAMPLE_SIZE'>;
  stores: { accounts: AccountRepository; ledger: LedgerRepository };
  metrics: CommerceMetrics;
  logger: Logger;
}

/**
 * One reconciliation run over the RECONCILIATION_SAMPLE_SIZE most recently changed accounts
 * (`balance == Σ ledger`, `held == Σ ledger == Σ open holds`): the gauges say how many were
 * checked and found wrong, and each wrong account is logged with its report.
 */
export async function reconcileLedgerOnce({ config, stores, metrics, logger }: LedgerReconciliationOptions) {
  const run = await reconcileRecentAccounts(stores.accounts, stores.ledger, config.RECONCILIATION_SAMPLE_SIZE);
  for (const report of run.mismatches) {
    logger.error({ reconciliation: report }, 'ledger reconciliation: account does not match its ledger');
  }
  metrics.reconciled({ checked: run.checked, mismatches: run.mismatches.length, at: new Date() });
  return run;
}

/** Runs `reconcileLedgerOnce` every RECONCILIATION_INTERVAL_MS until stopped (commerce's background work). */
export function scheduleLedgerReconciliation(options: LedgerReconciliationOptions): { stop(): void } {
  const failed = (err: unknown) => options.logger.warn({ err }, 'ledger reconciliation run failed');
  return repeatEvery(options.config.RECONCILIATION_INTERVAL_MS, () => reconcileLedgerOnce(options), failed);
}
