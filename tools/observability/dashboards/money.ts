// Money: credit holds and grants, payments, and the ledger reconciliation that proves no credit was lost.
import { dashboard } from './dashboard';
import { stat, timeseries } from './panels';
import { maxBy, rate, series, sumBy } from './promql';

export const money = dashboard({
  uid: 'kadr-money',
  title: 'Kadr money',
  description:
    'Credits held, captured, released and granted; payments and their notifications; the ledger reconciliation.',
  sections: [
    {
      title: 'Ledger reconciliation',
      panels: [
        stat({
          title: 'Reconciliation mismatches',
          description:
            'Sampled accounts whose balance or held amount differs from their ledger, at the last reconciliation. Normal: 0. Any value above 0 means credits may have been lost or duplicated: KadrLedgerReconciliationMismatch pages (docs/runbooks).',
          unit: 'short',
          width: 8,
          thresholds: [[1, 'red']],
          queries: [{ expr: maxBy([], series('ledger_reconciliation_mismatches')), legend: 'mismatches' }],
        }),
        stat({
          title: 'Accounts checked',
          description:
            'Accounts the last reconciliation compared with their ledger. Normal: above 0 (the sample size, or every account when there are fewer); 0 means the check ran on nothing and its 0 mismatches prove nothing.',
          unit: 'short',
          width: 8,
          queries: [{ expr: maxBy([], series('ledger_reconciliation_checked_accounts')), legend: 'checked' }],
        }),
        stat({
          title: 'Since the last reconciliation',
          description:
            'Time since the ledger reconciliation last finished. Normal: below its run interval; growing without end means it stopped running and the mismatch count is stale.',
          unit: 's',
          width: 8,
          queries: [
            {
              expr: `time() - ${maxBy([], series('ledger_reconciliation_last_run_timestamp_seconds'))}`,
              legend: 'age',
            },
          ],
        }),
      ],
    },
    {
      title: 'Credits',
      panels: [
        timeseries({
          title: 'Credit holds /s by outcome',
          description:
            'Holds placed on credits when a job is created, captured when it completes, released when it fails or is cancelled. Normal: placed ≈ captured + released over time; placed without captures or releases leaves credits held.',
          unit: 'short',
          width: 12,
          queries: [{ expr: sumBy(['outcome'], rate('credit_holds_total')), legend: '{{outcome}}' }],
        }),
        timeseries({
          title: 'Credit holds /s by source and outcome',
          description:
            'The same holds by where they came from. Normal: each source follows its own traffic; one source with only placed (no captured or released) names the stuck path.',
          unit: 'short',
          width: 12,
          queries: [
            { expr: sumBy(['source', 'outcome'], rate('credit_holds_total')), legend: '{{source}} {{outcome}}' },
          ],
        }),
        timeseries({
          title: 'Credits granted /s by reason',
          description:
            'Credits (not grants) added to accounts per second, by reason (a purchase, a sign-up bonus…). Normal: follows payments and sign-ups; grants with no payments behind them deserve a look.',
          unit: 'short',
          width: 12,
          queries: [{ expr: sumBy(['reason'], rate('credits_granted_total')), legend: '{{reason}}' }],
        }),
        stat({
          title: 'Credits granted in the time range',
          description:
            "Credits added to accounts over the dashboard's time range, by reason. Normal: in line with the payments of the same range.",
          unit: 'short',
          width: 12,
          height: 8,
          queries: [
            {
              expr: sumBy(['reason'], `increase(${series('credits_granted_total')}[$__range])`),
              legend: '{{reason}}',
              instant: true,
            },
          ],
        }),
      ],
    },
    {
      title: 'Payments',
      panels: [
        timeseries({
          title: 'Payments /s by provider and outcome',
          description:
            'Payments started, completed and failed per provider. Normal: completed close to started; failed over 20 % of at least 5 started in 15 minutes pages (KadrPaymentFailuresHigh).',
          unit: 'short',
          width: 12,
          queries: [
            { expr: sumBy(['provider', 'outcome'], rate('payments_total')), legend: '{{provider}} {{outcome}}' },
          ],
        }),
        timeseries({
          title: 'Payment failure ratio by provider',
          description:
            'Failed payments over payments started, per provider. Normal: a few percent at most; above 20 % (dashed line) the provider or our integration with it is failing.',
          unit: 'percentunit',
          width: 12,
          min: 0,
          thresholds: [[0.2, 'red']],
          queries: [
            {
              expr: `${sumBy(['provider'], rate('payments_total', 'outcome="failed"'))} / ${sumBy(['provider'], rate('payments_total', 'outcome="started"'))}`,
              legend: '{{provider}}',
            },
          ],
        }),
        timeseries({
          title: 'Payment notifications rejected /s',
          description:
            "Provider notifications commerce refused, by provider and reason (a wrong security code, a bad signature). Normal: 0; rejected notifications make paid orders look failed — check the provider's settings and secrets.",
          unit: 'short',
          width: 24,
          queries: [
            {
              expr: sumBy(['provider', 'reason'], rate('payment_notification_rejections_total')),
              legend: '{{provider}} {{reason}}',
            },
          ],
        }),
      ],
    },
  ],
});
