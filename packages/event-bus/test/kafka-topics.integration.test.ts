import { randomUUID } from 'node:crypto';
import { Kafka, ConfigResourceTypes } from 'kafkajs';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { DEFAULT_DEAD_LETTER_RETENTION_MS, DEFAULT_RETENTION_MS, KafkaEventBus } from '../src';

describeWithRealServer('kafka', 'KafkaEventBus.ensureTopics against a real broker', ({ brokers }) => {
  it('creates a topic and its .dlq with the partitions and retention of the topic plan', async () => {
    const topic = `plan-${randomUUID().slice(0, 8)}`;
    const bus = new KafkaEventBus({ brokers, clientId: 'topic-plan-test', partitions: 3 });
    const admin = new Kafka({ clientId: 'topic-plan-check', brokers }).admin();
    try {
      await bus.ensureTopics([topic]);
      await admin.connect();
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic, `${topic}.dlq`] });
      expect(topics.map((t) => [t.name, t.partitions.length]).sort()).toEqual([
        [topic, 3],
        [`${topic}.dlq`, 3],
      ]);
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [topic, `${topic}.dlq`].map((name) => ({
          type: ConfigResourceTypes.TOPIC,
          name,
          configNames: ['retention.ms'],
        })),
      });
      const retention = Object.fromEntries(
        resources.map((r) => [
          r.resourceName,
          r.configEntries.find((e) => e.configName === 'retention.ms')?.configValue,
        ]),
      );
      expect(retention).toEqual({
        [topic]: String(DEFAULT_RETENTION_MS),
        [`${topic}.dlq`]: String(DEFAULT_DEAD_LETTER_RETENTION_MS),
      });
    } finally {
      await admin.disconnect();
      await bus.close();
    }
  }, 60_000);
});
