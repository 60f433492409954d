import { Counter, Gauge, type Registry } from 'prom-client';
import type { PaymentProviderName } from '@kadr/contracts';
import { metricOnce } from '@kadr/telemetry';
import type { CommerceObserver } from '../../domain/commerce-observer';
import type { NotificationRejection } from '../../integrations/tpay/tpay-notification';

/** Why a payment provider's notification was refused: the verifier's reasons, or its provider is not the active one. */
export type NotificationRejectionReason = NotificationRejection | 'provider_inactive';

export interface CommerceMetrics {
  /** The domain's observer: holds, granted credits, payments and chargebacks as they take effect. */
  observer: CommerceObserver;
  notificationRejected(provider: PaymentProviderName, reason: NotificationRejectionReason): void;
  /** The last reconciliation run: accounts checked, how many were wrong, when it ended. */
  reconciled(run: { checked: number; mismatches: number; at: Date }): void;
}

/**
 * Commerce's money metrics in the service's registry (served at /metrics). Labels come from
 * fixed sets only; user and order ids go to the logs, never into a label.
 */
export function commerceMetricsOf(registry: Registry): CommerceMetrics {
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    metricOnce(registry, name, () => new Counter<L>({ name, help, labelNames, registers }));
  const gauge = (name: string, help: string) => metricOnce(registry, name, () => new Gauge({ name, help, registers }));

  const holds = counter(
    'credit_holds_total',
    'Holds for jobs that changed state, by where the cost was taken from (credits or the plan allowance) and outcome (placed, captured, released); replays not counted',
    ['source', 'outcome'],
  );
  const granted = counter(
    'credits_granted_total',
    'Credits added to balances (the amount, in credits), by reason (welcome, purchase)',
    ['reason'],
  );
  const payments = counter(
    'payments_total',
    'Payments by provider and outcome: started at the provider, then completed, failed, expired or cancelled',
    ['provider', 'outcome'],
  );
  const rejections = counter(
    'payment_notification_rejections_total',
    'Payment provider notifications refused (nothing granted), by provider and reason',
    ['provider', 'reason'],
  );
  const chargebacks = counter(
    'chargebacks_total',
    'Paid orders the administrator marked refunded after a chargeback, by what the order bought (package, plan)',
    ['kind'],
  );
  const shortfall = counter(
    'chargeback_shortfall_credits_total',
    'Credits a chargeback could not take back because the user had already spent (or held) them: the amount, in credits',
    [],
  );
  const mismatches = gauge(
    'ledger_reconciliation_mismatches',
    'Accounts whose balance or held did not match the ledger and the open holds in the last reconciliation run',
  );
  const checked = gauge('ledger_reconciliation_checked_accounts', 'Accounts checked by the last reconciliation run');
  const lastRun = gauge(
    'ledger_reconciliation_last_run_timestamp_seconds',
    'When the last reconciliation run ended, in Unix seconds (0: none since the process started)',
  );

  // Every series of a fixed label set exists from the start, at 0: a dashboard shows "none yet" rather
  // than no data, and the failure ratios of the alerts have a denominator before the first event.
  for (const source of ['credits', 'allowance'] as const) {
    for (const outcome of ['placed', 'captured', 'released'] as const) holds.inc({ source, outcome }, 0);
  }
  for (const reason of ['welcome', 'purchase'] as const) granted.inc({ reason }, 0);
  for (const kind of ['package', 'plan'] as const) chargebacks.inc({ kind }, 0);
  // The shortfall alert reads `increase(…)`: the series must exist at 0 before the first shortfall.
  shortfall.inc(0);
  for (const provider of ['mock', 'tpay'] as const) {
    for (const outcome of ['started', 'completed', 'failed', 'expired', 'cancelled'] as const) {
      payments.inc({ provider, outcome }, 0);
    }
  }

  return {
    observer: {
      holdChanged: (source, outcome) => holds.inc({ source, outcome }),
      creditsGranted: (reason, credits) => granted.inc({ reason }, credits),
      paymentChanged: (provider, outcome) => payments.inc({ provider, outcome }),
      chargebackRecorded: (kind) => chargebacks.inc({ kind }),
      chargebackSettled: (_taken, shortfallCredits) => shortfall.inc(shortfallCredits),
    },
    notificationRejected: (provider, reason) => rejections.inc({ provider, reason }),
    reconciled(run) {
      checked.set(run.checked);
      mismatches.set(run.mismatches);
      lastRun.set(run.at.getTime() / 1000);
    },
  };
}
