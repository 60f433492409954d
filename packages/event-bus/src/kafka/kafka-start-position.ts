import { setTimeout as delay } from 'node:timers/promises';
import type { Admin } from 'kafkajs';
import type { EventBusLog } from '../log';

/**
 * For a group that starts at the end of its topics (`fromBeginning: false`): commits the
 * topics' current end offsets for every partition the group has no committed offset for, before
 * its first member starts.
 *
 * Without this, "the end" is not fixed: kafkajs resolves it at the member's first fetch, and
 * again every time the consumer restarts (a broker crash restarts it) for each partition that
 * has not had a message handled yet — so every message published to such a partition while the
 * consumer was down was skipped. The chaos run (tools/chaos) lost live `credits` events this way.
 *
 * Only possible while the group has no running member (Kafka accepts commits from outside the
 * group only then); when another member runs, the group keeps what it has, as before.
 */
export async function pinStartAtEnd(
  admin: Admin,
  group: string,
  topics: readonly string[],
  log: EventBusLog,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await pinOnce(admin, group, topics, log);
      return;
    } catch (error) {
      // Right after a topic is created (or the broker restarted) ListOffsets may answer
      // NOT_LEADER_OR_FOLLOWER for a moment; a group that could not be pinned still starts.
      if (Date.now() >= deadline) {
        log.warn({ group, error: String(error) }, 'could not pin where the group starts; it starts at its first fetch');
        return;
      }
      await delay(200);
    }
  }
}

async function pinOnce(admin: Admin, group: string, topics: readonly string[], log: EventBusLog): Promise<void> {
  const committed = await admin.fetchOffsets({ groupId: group, topics: [...topics] });
  for (const { topic, partitions } of committed) {
    const unset = partitions.filter(({ offset }) => Number(offset) < 0).map(({ partition }) => partition);
    if (unset.length === 0) continue;
    const ends = await admin.fetchTopicOffsets(topic);
    const offsets = unset.map((partition) => ({
      partition,
      offset: ends.find((end) => end.partition === partition)?.high ?? '0',
    }));
    try {
      await admin.setOffsets({ groupId: group, topic, partitions: offsets });
    } catch (error) {
      if (!String(error).includes('must have no running instances')) throw error;
      // Another member is running (it started the group's positions itself); not an error.
      log.info({ group, topic }, 'start position of the group left to its running members');
    }
  }
}
