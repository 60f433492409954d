/**
 * Issue 18's live check, on the running compose stack (Kafka, MongoDB, Redis, MinIO, two workers,
 * two gateways) that docker compose's Prometheus scrapes: after a short workload — a job that
 * completes, one that fails on purpose (the test-only `faulty-test` model, switched on for jobs by
 * docker-compose.ci.yml), a purchase and a failed payment, a refused payment notification, and one
 * poison message that every `job.progress` consumer dead-letters — every dashboard panel's query and
 * every alert rule's expression (each part without its threshold) must return at least one series,
 * and every metric they name must exist. Which alerts fire is not this test's business: promtool's
 * unit tests prove that (charts/kadr/rules/tests).
 */
import { Kafka, logLevel } from 'kafkajs';
import type { Page } from 'playwright-core';
import { askPrometheus, liveCheckQueries, type LiveAnswer } from '../../tools/observability/live-check';
import { buyThroughApi, callApi, CREDIT_PACKAGE_100, createJobThroughApi, jobReaches } from '../support/app-pages';
import type { Journey } from '../support/journey';
import { eventually } from '../support/wait';
import { describeComposeJourney } from './compose-target';
import { noCreditsHeld } from './product-steps';
import { reporter } from './report';

/** docker compose's Prometheus (deploy/compose/prometheus/prometheus.yml) and Kafka, on the host network in CI. */
const PROMETHEUS_URL = process.env.KADR_COMPOSE_PROMETHEUS_URL ?? 'http://127.0.0.1:9090';
const KAFKA_BROKER = process.env.KADR_COMPOSE_KAFKA_BROKER ?? '127.0.0.1:9092';
const RENDER_TIMEOUT_MS = 240_000;

const log = reporter('compose observability');

async function openDemo(journey: Journey): Promise<Page> {
  const page = await journey.newPage();
  await journey.signIn(page, 'demo');
  await page.getByRole('heading', { level: 1, name: /^(Dzień dobry|Dobry wieczór)/ }).waitFor();
  await noCreditsHeld(page);
  return page;
}

/** Bytes no consumer can decode, on `job.progress`: each consumer group retries, then dead-letters it. */
async function publishPoisonMessage(): Promise<void> {
  const kafka = new Kafka({
    clientId: 'compose-observability-check',
    brokers: [KAFKA_BROKER],
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer();
  await producer.connect();
  try {
    await producer.send({
      topic: 'job.progress',
      messages: [{ key: 'poison-observability-check', value: Buffer.from('not a protobuf event') }],
    });
  } finally {
    await producer.disconnect();
  }
}

/** The value of an instant query (the sum of its series), NaN when empty. */
async function valueOf(query: string): Promise<number> {
  const url = new URL('/api/v1/query', PROMETHEUS_URL);
  url.searchParams.set('query', query);
  const body = (await (await fetch(url)).json()) as { data?: { result: Array<{ value: [number, string] }> } };
  const result = body.data?.result ?? [];
  return result.length ? result.reduce((sum, { value }) => sum + Number(value[1]), 0) : Number.NaN;
}

function describeEmpty(answers: readonly LiveAnswer[]): string[] {
  return answers
    .filter((answer) => answer.series === 0)
    .map((answer) => `${answer.source}: ${answer.error ?? 'no series'} — ${answer.query.replace(/\s+/g, ' ')}`);
}

describeComposeJourney('compose observability', (journey: Journey) => {
  journey.test(
    'after a workload, every dashboard panel and every alert rule finds its series in Prometheus',
    async () => {
      const page = await openDemo(journey);

      const completing = await createJobThroughApi(page, { prompt: 'Latarnia nocą (metrics check)' });
      const failing = await createJobThroughApi(page, { prompt: 'Awaria (metrics check)', modelId: 'faulty-test' });
      log.say(`jobs ${completing.id} (completes) and ${failing.id} (fails on purpose)`);
      expect(await jobReaches(page, failing.id, ['COMPLETED', 'FAILED'], RENDER_TIMEOUT_MS)).toBe('FAILED');
      expect(await jobReaches(page, completing.id, ['COMPLETED', 'FAILED'], RENDER_TIMEOUT_MS)).toBe('COMPLETED');

      const paid = await buyThroughApi(page, CREDIT_PACKAGE_100.id, 'success');
      const unpaid = await buyThroughApi(page, CREDIT_PACKAGE_100.id, 'failure');
      log.say(`orders ${paid} (paid) and ${unpaid} (payment failed)`);
      // A notification while the mock provider is active: commerce refuses it (provider_inactive).
      const refused = await callApi(page, 'POST', '/bff/platform/api/commerce/payment/tpay/notification', {});
      expect(refused.status).toBeGreaterThanOrEqual(400);

      await publishPoisonMessage();
      log.say('published one undecodable message to job.progress');

      // Prometheus scrapes every 15 s, and a rate needs two samples of a series: wait until the series
      // the workload made (the failure, the dead letters, the refused notification, the failed payment's)
      // have two in a minute each — `min` over the series, not `sum`: each consumer group that dead-letters
      // the poison message has a series of its own, and two new series of one sample each summed to 2.
      await eventually(
        'Prometheus has scraped the workload twice',
        async () => [
          await valueOf('min(count_over_time(jobs_finished_total{status="FAILED"}[1m]))'),
          await valueOf('min(count_over_time(eventbus_messages_dead_lettered_total{topic="job.progress"}[1m]))'),
          await valueOf('min(count_over_time(payment_notification_rejections_total[1m]))'),
          await valueOf('min(count_over_time(payments_total{outcome="failed"}[1m]))'),
        ],
        (values) => values.every((value) => value >= 2),
        180_000,
      );

      const queries = liveCheckQueries();
      const answers = await askPrometheus(PROMETHEUS_URL, queries);
      const empty = describeEmpty(answers);
      log.say(`${answers.length - empty.length} of ${answers.length} queries returned series`);
      for (const line of empty) log.say(`  empty: ${line}`);
      expect(empty).toEqual([]);
    },
    900_000,
  );
});
