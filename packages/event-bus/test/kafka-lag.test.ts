import type { Admin } from 'kafkajs';
import { readConsumerLag } from '../src/kafka/kafka-lag';

type Offsets = Awaited<ReturnType<Admin['fetchTopicOffsets']>>;

/** An admin client answering fixed offsets: per topic its partitions' ends, per group its commits. */
function fakeAdmin(
  ends: Record<string, Offsets>,
  commits: Record<string, Record<string, Array<{ partition: number; offset: string }>>>,
): Pick<Admin, 'fetchOffsets' | 'fetchTopicOffsets'> & { topicReads: string[] } {
  const topicReads: string[] = [];
  return {
    topicReads,
    fetchTopicOffsets: (topic) => {
      topicReads.push(topic);
      return Promise.resolve(ends[topic] ?? []);
    },
    fetchOffsets: ({ groupId, topics = [] }) =>
      Promise.resolve(
        topics.map((topic) => ({
          topic,
          partitions: (commits[groupId]?.[topic] ?? []).map((commit) => ({ ...commit, metadata: null })),
        })),
      ),
  };
}

const end = (partition: number, low: string, high: string) => ({ partition, offset: high, low, high });

describe('readConsumerLag', () => {
  it("is each partition's high-water mark minus the group's committed offset", async () => {
    const admin = fakeAdmin(
      { 'job.progress': [end(0, '0', '10'), end(1, '0', '4')] },
      {
        commerce: {
          'job.progress': [
            { partition: 0, offset: '7' },
            { partition: 1, offset: '4' },
          ],
        },
      },
    );
    const lag = await readConsumerLag(admin, new Map([['commerce', new Set(['job.progress'])]]));
    expect(lag).toEqual([
      { group: 'commerce', topic: 'job.progress', partition: 0, lag: 3 },
      { group: 'commerce', topic: 'job.progress', partition: 1, lag: 0 },
    ]);
  });

  it('counts from the oldest retained message where the group has not committed, or retention overtook it', async () => {
    const admin = fakeAdmin(
      { 'user.deleted': [end(0, '5', '12'), end(1, '20', '25')] },
      {
        media: {
          'user.deleted': [
            { partition: 0, offset: '-1' },
            { partition: 1, offset: '3' },
          ],
        },
      },
    );
    const lag = await readConsumerLag(admin, new Map([['media', new Set(['user.deleted'])]]));
    expect(lag.map(({ partition, lag: messages }) => [partition, messages])).toEqual([
      [0, 7],
      [1, 5],
    ]);
  });

  it('reads each topic once for all the groups consuming it', async () => {
    const admin = fakeAdmin(
      { 'job.created': [end(0, '0', '2')], 'user.deleted': [end(0, '0', '1')] },
      {
        jobs: { 'job.created': [{ partition: 0, offset: '2' }] },
        'jobs-purge': {
          'job.created': [{ partition: 0, offset: '0' }],
          'user.deleted': [{ partition: 0, offset: '0' }],
        },
      },
    );
    const lag = await readConsumerLag(
      admin,
      new Map([
        ['jobs', new Set(['job.created'])],
        ['jobs-purge', new Set(['job.created', 'user.deleted'])],
      ]),
    );
    expect(lag).toEqual([
      { group: 'jobs', topic: 'job.created', partition: 0, lag: 0 },
      { group: 'jobs-purge', topic: 'job.created', partition: 0, lag: 2 },
      { group: 'jobs-purge', topic: 'user.deleted', partition: 0, lag: 1 },
    ]);
    expect(admin.topicReads.sort()).toEqual(['job.created', 'user.deleted']);
  });

  it('leaves out a partition whose end it did not read (added meanwhile)', async () => {
    const admin = fakeAdmin(
      { t: [end(0, '0', '1')] },
      {
        g: {
          t: [
            { partition: 0, offset: '1' },
            { partition: 1, offset: '0' },
          ],
        },
      },
    );
    expect(await readConsumerLag(admin, new Map([['g', new Set(['t'])]]))).toEqual([
      { group: 'g', topic: 't', partition: 0, lag: 0 },
    ]);
  });
});
