import { decodeEventOn } from '@kadr/contracts';
import type { DeliveredMessage } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { Holds } from '../../domain/credits/holds';

/** `job.deleted` → release any open hold of the job (a captured one stays captured). */
export function onJobDeleted(holds: Holds, logger: Logger) {
  return async (message: DeliveredMessage): Promise<void> => {
    const event = decodeEventOn('job.deleted', message.value);
    const { jobId, userId } = event.payload.value;
    const settled = await holds.settle(userId, jobId, 'release', event.correlationId);
    if (settled) logger.info({ jobId, userId }, 'deleted job: hold released');
  };
}
