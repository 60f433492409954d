import type { EventBus } from '@kadr/event-bus';
import { OutboxRelay, entriesSource, type OutboxRelayOptions } from '@kadr/outbox';
import type { JobRepository } from '../jobs/job.repository';

export interface JobsOutboxRelayOptions extends Omit<OutboxRelayOptions, 'sources'> {
  jobs: Pick<JobRepository, 'takeOutbox' | 'removeFromOutbox' | 'outboxStats'>;
  bus: Pick<EventBus, 'publish'>;
}

/**
 * Publishes the events waiting in jobs' outboxes, each on its topic keyed by job id. The API and
 * a worker of one process share one relay (and one store); the last `stop` stops it.
 */
export function jobsOutboxRelay({ jobs, bus, ...relay }: JobsOutboxRelayOptions): OutboxRelay {
  const outbox = {
    name: 'jobs',
    take: async (limit: number) =>
      (await jobs.takeOutbox(limit)).map(({ jobId, entries }) => ({ aggregateId: jobId, entries })),
    // A deleted job's document goes once its last event (`job.deleted`) is out (the repository does it).
    remove: (jobId: string, ids: readonly string[]) => jobs.removeFromOutbox(jobId, ids),
    stats: () => jobs.outboxStats(),
  };
  return new OutboxRelay({ ...relay, sources: [entriesSource(outbox, bus)] });
}
