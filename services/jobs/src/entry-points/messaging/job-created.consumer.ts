import { subscribeTopics, type ConsumerHandle, type EventBus } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { JobRunner } from '../../domain/generation/job-runner';

/** Consumer group of the workers: scale by adding members. */
export const WORKER_GROUP = 'jobs-worker';

/**
 * `job.created` → claim the job and start rendering it (the render runs in the background, so
 * the offset is committed within seconds). A busy worker throws, and the bus retries with
 * backoff while the member keeps its place in the group.
 */
export function subscribeJobCreated(deps: {
  bus: EventBus;
  runner: JobRunner;
  logger: Logger;
}): Promise<ConsumerHandle> {
  return subscribeTopics(deps.bus, {
    group: WORKER_GROUP,
    // Busy workers retry for a while (30 s cap per wait) before the message is dead-lettered.
    maxAttempts: 40,
    retryDelayMs: 500,
    handlers: {
      'job.created': async ({ payload, eventId }) => {
        const outcome = await deps.runner.onJobCreated(payload.value.jobId);
        deps.logger.debug({ jobId: payload.value.jobId, eventId, outcome }, 'job.created handled');
      },
    },
  });
}
