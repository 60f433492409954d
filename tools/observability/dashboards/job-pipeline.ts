// Job pipeline: jobs from creation to their end — flow, waits and renders, the workers, and the outboxes
// that carry job.created out of the jobs API.
import { dashboard } from './dashboard';
import { timeseries, type Query } from './panels';
import { maxBy, quantile, rate, ratio, series, sumBy } from './promql';

const JOB_LABELS = ['model', 'quality', 'duration'];

function percentiles(histogram: string): Query[] {
  return [0.5, 0.95, 0.99].map((q) => ({ expr: quantile(q, histogram, []), legend: `p${Math.round(q * 100)}` }));
}

export const jobPipeline = dashboard({
  uid: 'kadr-job-pipeline',
  title: 'Kadr job pipeline',
  description:
    'Video jobs from creation to their end: flow, queue wait and render time, workers, claims and the outboxes.',
  sections: [
    {
      title: 'Flow',
      panels: [
        timeseries({
          title: 'Jobs /s: created, started, completed, failed',
          description:
            'Jobs created, render attempts started, and jobs ended COMPLETED or FAILED, per second. Normal: started ≈ created and completed ≈ created a render time later; failed near 0. Started above created means retries.',
          unit: 'short',
          queries: [
            { expr: sumBy([], rate('jobs_created_total')), legend: 'created' },
            { expr: sumBy([], rate('jobs_attempts_started_total')), legend: 'started' },
            { expr: sumBy([], rate('jobs_finished_total', 'status="COMPLETED"')), legend: 'completed' },
            { expr: sumBy([], rate('jobs_finished_total', 'status="FAILED"')), legend: 'failed' },
          ],
        }),
        timeseries({
          title: 'Failed and late jobs (share of ended)',
          description:
            'Of the jobs that ended: the share that FAILED and the share that ended later than their objective (2 × expected render time + 60 s). Normal: failed well below 10 % (the page alert, over 15 min), late below 1 % (the jobs objective, docs/slo.md).',
          unit: 'percentunit',
          min: 0,
          thresholds: [
            [0.01, 'orange'],
            [0.1, 'red'],
          ],
          queries: [
            { expr: ratio('jobs_finished_total', [], ['status="FAILED"']), legend: 'failed' },
            { expr: ratio('jobs_finished_total', [], ['within_objective="false"']), legend: 'late' },
          ],
        }),
        timeseries({
          title: 'Failures /s by reason',
          description:
            'Failed render attempts per second by reason: timeout (renders too slow for their time-out), aiproxy_error (the hosted provider), the output check (black or broken video), other. Normal: 0 or a rare blip; one reason rising names the cause.',
          unit: 'short',
          queries: [{ expr: sumBy(['reason'], rate('jobs_failures_total')), legend: '{{reason}}' }],
        }),
        timeseries({
          title: 'Jobs ended /s by model and status',
          description:
            'Ended jobs per second by model and final status. Normal: FAILED near 0 for every model; failures in one model only point at its provider or settings.',
          unit: 'short',
          width: 12,
          queries: [{ expr: sumBy(['model', 'status'], rate('jobs_finished_total')), legend: '{{model}} {{status}}' }],
        }),
        timeseries({
          title: 'Jobs by status',
          description:
            'Jobs in each status now (a count from the database; every replica reports the same, so the panel shows the highest). Normal: PENDING and RUNNING small and moving; PENDING growing while nothing completes means the workers are down or stuck.',
          unit: 'short',
          width: 12,
          queries: [{ expr: maxBy(['status'], series('jobs_in_status')), legend: '{{status}}' }],
        }),
      ],
    },
    {
      title: 'Queue wait and render time',
      panels: [
        timeseries({
          title: 'Queue wait p50 / p95 / p99',
          description:
            "Seconds from a job's creation until a worker starts rendering it. Normal: a few seconds; long waits mean too few workers (see Workers busy) or a stuck queue (consumer lag, claims).",
          unit: 's',
          width: 12,
          queries: percentiles('jobs_queue_wait_seconds'),
        }),
        timeseries({
          title: 'Render time p50 / p95 / p99',
          description:
            'Seconds a render attempt takes, every outcome. Normal: steady for the mix of models and durations; a rise means slower workers or a slower provider.',
          unit: 's',
          width: 12,
          queries: percentiles('jobs_render_seconds'),
        }),
        timeseries({
          title: 'Queue wait p95 by model, quality and duration',
          description:
            'The 95th percentile queue wait per kind of job. Normal: alike for every kind (one queue); one kind waiting longer means the workers that take it are busy.',
          unit: 's',
          width: 12,
          queries: [
            {
              expr: quantile(0.95, 'jobs_queue_wait_seconds', JOB_LABELS),
              legend: '{{model}} {{quality}} {{duration}}',
            },
          ],
        }),
        timeseries({
          title: 'Render time p95 by model, quality, duration and outcome',
          description:
            "The 95th percentile render time per kind of job and outcome. Normal: each kind steady near the runner's expected render time; failed attempts far longer than successful ones are time-outs.",
          unit: 's',
          width: 12,
          queries: [
            {
              expr: quantile(0.95, 'jobs_render_seconds', [...JOB_LABELS, 'outcome']),
              legend: '{{model}} {{quality}} {{duration}} {{outcome}}',
            },
          ],
        }),
      ],
    },
    {
      title: 'Workers and claims',
      panels: [
        timeseries({
          title: 'Workers busy',
          description:
            'Renders in progress over render slots, all workers together. Normal: below 80 %; at 100 % jobs queue up (add workers, or KEDA scales them on the job.created lag).',
          unit: 'percentunit',
          min: 0,
          max: 1,
          thresholds: [[0.8, 'orange']],
          queries: [
            {
              expr: `${sumBy([], series('jobs_renders_in_progress'))} / ${sumBy([], series('jobs_worker_render_slots'))}`,
              legend: 'busy',
            },
          ],
        }),
        timeseries({
          title: 'Consumer lag of job.created (jobs-worker)',
          description:
            'job.created messages the jobs-worker group has not yet consumed. Normal: 0 or a short spike; growing for minutes means the workers do not keep up or are stuck.',
          unit: 'short',
          queries: [
            {
              expr: sumBy(
                ['topic'],
                series('eventbus_consumer_lag_messages', 'group="jobs-worker"', 'topic="job.created"'),
              ),
              legend: '{{topic}}',
            },
          ],
        }),
        timeseries({
          title: 'Claims /s by outcome',
          description:
            'Attempts by workers to claim a job, by outcome. Normal: successful claims ≈ jobs started; the other outcomes (a job another worker took, one no longer waiting) stay small — many of them mean duplicate deliveries.',
          unit: 'short',
          queries: [{ expr: sumBy(['outcome'], rate('jobs_claims_total')), legend: '{{outcome}}' }],
        }),
        timeseries({
          title: 'Lease expiries and re-dispatches /s',
          description:
            "Renders whose worker stopped renewing its lease (the worker died mid-render: out of memory, evicted) and jobs re-sent to the workers because nobody claimed them. Normal: 0; re-dispatches without expiries mean job.created messages were lost or the workers' consumer is stuck.",
          unit: 'short',
          queries: [
            { expr: sumBy([], rate('jobs_lease_expiries_total')), legend: 'lease expiries' },
            { expr: sumBy([], rate('jobs_redispatched_total')), legend: 're-dispatched' },
          ],
        }),
      ],
    },
    {
      title: 'Outboxes',
      panels: [
        timeseries({
          title: 'Oldest unpublished outbox entry',
          description:
            'Age of the oldest entry each outbox has not yet published to Kafka (job.created, credits.changed, payment.completed…). Normal: near 0; over 120 s pages (KadrOutboxStuck): events are not leaving the service.',
          unit: 's',
          width: 12,
          thresholds: [[120, 'red']],
          queries: [
            {
              expr: maxBy(['service', 'outbox'], series('outbox_oldest_entry_age_seconds')),
              legend: '{{service}} {{outbox}}',
            },
          ],
        }),
        timeseries({
          title: 'Pending outbox entries',
          description:
            'Entries waiting in each outbox (a count from the database; the highest report is shown). Normal: 0 or a handful in flight; a growing count with a growing age is a stuck relay or an unreachable Kafka.',
          unit: 'short',
          width: 12,
          queries: [
            { expr: maxBy(['service', 'outbox'], series('outbox_pending_entries')), legend: '{{service}} {{outbox}}' },
          ],
        }),
      ],
    },
  ],
});
