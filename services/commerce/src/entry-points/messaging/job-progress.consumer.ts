import { JobProgressKind, decodeEventOn } from '@kadr/contracts';
import type { DeliveredMessage } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { Holds } from '../../domain/credits/holds';

/** `job.progress` COMPLETED → capture the job's hold; FAILED → release it. Only from `held`, so redelivery is harmless. */
export function onJobProgress(holds: Holds, logger: Logger) {
  return async (message: DeliveredMessage): Promise<void> => {
    const event = decodeEventOn('job.progress', message.value);
    const { jobId, userId, kind } = event.payload.value;
    const outcome =
      kind === JobProgressKind.COMPLETED ? 'capture' : kind === JobProgressKind.FAILED ? 'release' : undefined;
    if (!outcome) return;
    const settled = await holds.settle(userId, jobId, outcome, event.correlationId);
    logger.info({ jobId, userId, outcome, settled: settled !== null }, `job hold ${outcome}`);
  };
}
