import { JobProgressKind, timestampDate } from '@kadr/contracts';
import type { TopicHandler } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { Holds } from '../../domain/credits/holds';

/**
 * Why a release happened, as the ledger keeps it: `cancelled`; else the failure's kind where it says more
 * than the catalogue reason (`output_check`, `marked_failed`); else the reason (`unknown` when none came).
 */
function releaseReasonOf(kind: JobProgressKind, errorCode: string, failureKind: string): string {
  if (kind === JobProgressKind.CANCELLED) return 'cancelled';
  return failureKind || errorCode || 'unknown';
}

/**
 * `job.progress` COMPLETED → capture the job's hold; FAILED or CANCELLED → release it. Only from `held`, and
 * only a hold placed before the event happened (a requeued job's new hold is not released by a
 * redelivered FAILED of its earlier run), so redelivery is harmless.
 */
export function onJobProgress(holds: Holds, logger: Logger): TopicHandler<'job.progress'> {
  return async (event) => {
    const { jobId, userId, kind, errorCode, failureKind, occurredAt } = event.payload.value;
    const outcome =
      kind === JobProgressKind.COMPLETED
        ? 'capture'
        : kind === JobProgressKind.FAILED || kind === JobProgressKind.CANCELLED
          ? 'release'
          : undefined;
    if (!outcome) return;
    const eventTime = occurredAt
      ? timestampDate(occurredAt)
      : event.occurredAt
        ? timestampDate(event.occurredAt)
        : undefined;
    const reason = outcome === 'release' ? releaseReasonOf(kind, errorCode, failureKind) : undefined;
    const settled = await holds.settle(userId, jobId, outcome, event.correlationId, eventTime, reason);
    logger.info({ jobId, userId, outcome, settled: settled !== null }, `job hold ${outcome}`);
  };
}
