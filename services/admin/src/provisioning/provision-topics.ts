/**
 * One-shot for docker compose and Kubernetes (a Job / init container): creates every topic of
 * the catalogue (ARCHITECTURE §2, `ALL_TOPICS`) and its `.dlq`, with the topic plan's partitions
 * and retention, and waits until every partition has a leader. Services create missing topics
 * themselves too; running this first means none of them starts against a half-made catalogue,
 * and a broken broker shows up as this container failing, not as six services retrying.
 *
 *   KAFKA_BROKERS=127.0.0.1:9092 node service/dist/provisioning/provision-topics.js
 *
 * Exits 0 when every topic exists and is led; non-zero naming what failed.
 */
import { ALL_TOPICS } from '@kadr/contracts';
import { DEFAULT_TOPIC_PARTITIONS as PARTITIONS, KafkaEventBus } from '@kadr/event-bus';

async function main(): Promise<void> {
  const brokers = (process.env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  if (brokers.length === 0) throw new Error('KAFKA_BROKERS: required (e.g. 127.0.0.1:9092)');
  const bus = new KafkaEventBus({
    brokers,
    clientId: 'provision-topics',
    partitions: PARTITIONS,
    topicReadyTimeoutMs: Number(process.env.TOPIC_READY_TIMEOUT_MS ?? 60_000),
  });
  try {
    await bus.ensureTopics([...ALL_TOPICS]);
  } finally {
    await bus.close();
  }
  process.stdout.write(
    `provision-topics: ${ALL_TOPICS.length} topics and their .dlq ready on ${brokers.join(',')}` +
      ` (${PARTITIONS} partitions each): ${ALL_TOPICS.join(', ')}\n`,
  );
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  process.stderr.write(`provision-topics failed: ${error instanceof Error ? error.message : String(error)}${cause}\n`);
  process.exit(1);
});
