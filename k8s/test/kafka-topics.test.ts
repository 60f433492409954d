/**
 * k8s/kafka-topics.yaml is generated from the code's topic plan (k8s/generate-kafka-topics.ts); this
 * fails when the committed file and the generator's output drift apart, and checks the output
 * against the plan's other sources: the topic catalogue, the retention constants and the partition
 * count docker compose provisions with.
 */
import fs from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { ALL_TOPICS } from '@kadr/contracts';
import {
  DEFAULT_DEAD_LETTER_RETENTION_MS,
  DEFAULT_RETENTION_MS,
  DEFAULT_TOPIC_PARTITIONS,
  dlqTopicOf,
} from '@kadr/event-bus';
import { KAFKA_CLUSTER, OUTPUT_FILE, TOPIC_NAMESPACE, renderKafkaTopics } from '../generate-kafka-topics';

const REGENERATE = 'node --conditions=kadr-source --import tsx k8s/generate-kafka-topics.ts';

interface KafkaTopicResource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: { topicName: string; partitions: number; replicas?: number; config: Record<string, unknown> };
}

const committed = fs.readFileSync(OUTPUT_FILE, 'utf8');

function resourcesOf(text: string): KafkaTopicResource[] {
  return parseAllDocuments(text).map((document) => {
    expect(document.errors).toEqual([]);
    return document.toJS() as KafkaTopicResource;
  });
}

describe('k8s/kafka-topics.yaml', () => {
  it(`is what the generator writes (run \`${REGENERATE}\` after changing the topic plan)`, () => {
    expect(committed).toBe(renderKafkaTopics());
  });

  const resources = resourcesOf(committed);

  it('has one KafkaTopic of cluster kadr per topic of the catalogue and per .dlq topic, nothing else', () => {
    const expected = ALL_TOPICS.flatMap((topic) => [topic, dlqTopicOf(topic)]).sort();
    expect(resources.map((resource) => resource.spec.topicName).sort()).toEqual(expected);
    for (const resource of resources) {
      expect(resource.apiVersion).toBe('kafka.strimzi.io/v1beta2');
      expect(resource.kind).toBe('KafkaTopic');
      expect(resource.metadata.namespace).toBe(TOPIC_NAMESPACE);
      expect(resource.metadata.labels['strimzi.io/cluster']).toBe(KAFKA_CLUSTER);
    }
  });

  it('names every resource with a unique DNS-1123 label', () => {
    const names = resources.map((resource) => resource.metadata.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/);
  });

  it('keeps retention.ms of the code: 7 days for events, 30 days for .dlq topics', () => {
    for (const resource of resources) {
      const dlq = resource.spec.topicName.endsWith(dlqTopicOf(''));
      expect([resource.spec.topicName, resource.spec.config['retention.ms']]).toEqual([
        resource.spec.topicName,
        dlq ? DEFAULT_DEAD_LETTER_RETENTION_MS : DEFAULT_RETENTION_MS,
      ]);
    }
  });

  it('has the partition count of the code (services and compose provision with DEFAULT_TOPIC_PARTITIONS)', () => {
    const partitions = DEFAULT_TOPIC_PARTITIONS;
    for (const resource of resources) {
      expect([resource.spec.topicName, resource.spec.partitions]).toEqual([resource.spec.topicName, partitions]);
    }
  });

  it("leaves the replication factor to the broker's default, as the code does", () => {
    for (const resource of resources) expect(resource.spec.replicas).toBeUndefined();
  });
});
