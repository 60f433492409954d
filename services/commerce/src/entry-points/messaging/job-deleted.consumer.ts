import type { TopicHandler } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { Holds } from '../../domain/credits/holds';

/** `job.deleted` → release any open hold of the job (a captured one stays captured). */
export function onJobDeleted(holds: Holds, logger: Logger): TopicHandler<'job.deleted'> {
  return async (event) => {
    const { jobId, userId } = event.payload.value;
    const settled = await holds.settle(userId, jobId, 'release', event.correlationId, undefined, 'deleted');
    if (settled) logger.info({ jobId, userId }, 'deleted job: hold released');
  };
}
