import { EVENT_HEADER } from '@kadr/contracts';
import type { EventBus, OutgoingMessage } from '@kadr/event-bus';
import { OutboxRelay as SharedOutboxRelay, type OutboxSource } from '@kadr/outbox';
import type { Logger } from '@kadr/telemetry';
import type { OutboxEntry } from '../../domain/jobs/job';
import type { JobRepository } from '../jobs/job.repository';

export interface JobsOutboxRelayOptions {
  jobs: Pick<JobRepository, 'takeOutbox' | 'removeFromOutbox'>;
  bus: EventBus;
  logger: Logger;
  intervalMs?: number;
}

function toMessage(entry: OutboxEntry): OutgoingMessage {
  return {
    key: entry.key,
    value: Buffer.from(entry.value, 'base64'),
    headers: {
      [EVENT_HEADER.eventId]: entry.id,
      [EVENT_HEADER.eventType]: entry.topic,
      [EVENT_HEADER.correlationId]: entry.correlationId,
      ...(entry.traceparent ? { [EVENT_HEADER.traceparent]: entry.traceparent } : {}),
    },
  };
}

/** The jobs collection as a source of @kadr/outbox: each entry is published on its topic, keyed by job id. */
export function jobsOutboxSource({ jobs, bus }: Pick<JobsOutboxRelayOptions, 'jobs' | 'bus'>): OutboxSource {
  return {
    name: 'jobs',
    async take(limit) {
      const pending = await jobs.takeOutbox(limit);
      return pending.map(({ jobId, entries }) => ({
        aggregateId: jobId,
        items: entries.map((entry) => ({ id: entry.id, deliver: () => bus.publish(entry.topic, [toMessage(entry)]) })),
      }));
    },
    // A deleted job's document goes once its last event (`job.deleted`) is out (the repository does it).
    remove: (jobId, ids) => jobs.removeFromOutbox(jobId, ids),
  };
}

/**
 * The shared relay (@kadr/outbox) over the jobs collection, started by whoever needs it: the API and
 * a worker of one process share one instance (and one store), and the last `stop` stops it.
 */
export class OutboxRelay {
  private readonly relay: SharedOutboxRelay;
  private users = 0;

  constructor(options: JobsOutboxRelayOptions) {
    this.relay = new SharedOutboxRelay({
      sources: [jobsOutboxSource(options)],
      logger: options.logger,
      intervalMs: options.intervalMs,
    });
  }

  start(): void {
    this.users += 1;
    if (this.users === 1) this.relay.start();
  }

  nudge(): void {
    this.relay.nudge();
  }

  runOnce(): Promise<number> {
    return this.relay.runOnce();
  }

  async stop(): Promise<void> {
    this.users = Math.max(0, this.users - 1);
    if (this.users === 0) await this.relay.stop();
  }
}
