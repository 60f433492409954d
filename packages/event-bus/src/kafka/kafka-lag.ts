import type { Admin } from 'kafkajs';
import type { PartitionLag } from '../bus-metrics';

/**
 * The lag of consumer groups on Kafka: for every partition of their topics, the high-water mark
 * minus the group's committed offset. A partition the group has not committed on yet counts from
 * the oldest retained message (a group starting at the end has its start committed first,
 * kafka-start-position.ts), and so does a committed offset that retention has overtaken.
 */
export async function readConsumerLag(
  admin: Pick<Admin, 'fetchOffsets' | 'fetchTopicOffsets'>,
  groups: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<PartitionLag[]> {
  const topics = [...new Set([...groups.values()].flatMap((topicsOfGroup) => [...topicsOfGroup]))];
  const ends = new Map(
    await Promise.all(topics.map(async (topic) => [topic, await admin.fetchTopicOffsets(topic)] as const)),
  );
  const perGroup = await Promise.all(
    [...groups].map(async ([group, topicsOfGroup]) => {
      const committed = await admin.fetchOffsets({ groupId: group, topics: [...topicsOfGroup] });
      return committed.flatMap(({ topic, partitions }) =>
        partitions.flatMap(({ partition, offset }): PartitionLag[] => {
          const end = ends.get(topic)?.find((candidate) => candidate.partition === partition);
          if (!end) return []; // a partition added since the ends were read: next scrape
          const from = bigMax(BigInt(offset), BigInt(end.low));
          return [{ group, topic, partition, lag: Number(bigMax(BigInt(end.high) - from, 0n)) }];
        }),
      );
    }),
  );
  return perGroup.flat();
}

const bigMax = (a: bigint, b: bigint): bigint => (a > b ? a : b);
