import type { QueueHead } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import { fairOrder } from './fair-queue';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
const head = (userId: string, createdAt: number, running: number, lastStartedAt: number | null): QueueHead => ({
  job: { id: `${userId}-${createdAt}`, userId, createdAt: at(createdAt) } as Job,
  running,
  lastStartedAt: lastStartedAt === null ? null : at(lastStartedAt),
});

describe('fairOrder', () => {
  it('serves the user with the fewest running jobs first', () => {
    expect(fairOrder([head('a', 1, 2, 5), head('b', 9, 1, 8)]).map((h) => h.job.userId)).toEqual(['b', 'a']);
  });

  it('among equals, serves the user served longest ago (never served first), not the oldest job', () => {
    // a queued first and was just served; b queued later and was never served: b goes next.
    const order = fairOrder([head('a', 1, 0, 10), head('b', 5, 0, null), head('c', 2, 0, 3)]);
    expect(order.map((h) => h.job.userId)).toEqual(['b', 'c', 'a']);
  });

  it('falls back to the oldest job, then the id, so the order is total', () => {
    expect(
      fairOrder([head('b', 2, 0, null), head('a', 2, 0, null), head('c', 1, 0, null)]).map((h) => h.job.userId),
    ).toEqual(['c', 'a', 'b']);
  });
});
