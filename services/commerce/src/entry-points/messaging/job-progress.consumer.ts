import { JobProgressKind, timestampDate } from '@kadr/contracts';
import type { TopicHandler } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { Holds } from '../../domain/credits/holds';

/**
 * `job.progress` COMPLETED → capture the job's hold; FAILED → release it. Only from `held`, and
 * only a hold placed before the event happened (a requeued job's new hold is not released by a
 * redelivered FAILED of its earlier run), so redelivery is harmless.
 */
export function onJobProgress(holds: Holds, logger: Logger): TopicHandler<'job.progress'> {
  return async (event) => {
    const { jobId, userId, kind, occurredAt } = event.payload.value;
    const outcome =
      kind === JobProgressKind.COMPLETED ? 'capture' : kind === JobProgressKind.FAILED ? 'release' : undefined;
    if (!outcome) return;
    const eventTime = occurredAt
      ? timestampDate(occurredAt)
      : event.occurredAt
        ? timestampDate(event.occurredAt)
        : undefined;
    const settled = await holds.settle(userId, jobId, outcome, event.correlationId, eventTime);
    logger.info({ jobId, userId, outcome, settled: settled !== null }, `job hold ${outcome}`);
  };
}
