import type { JobQueueForecast } from '@kadr/contracts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import type { LiveJobStatus } from '../../live';
import { jobsMessages } from './messages';

export interface QueueForecastProps {
  status: LiveJobStatus;
  /** The server's forecast; undefined when not read yet (nothing is shown), null when it has none. */
  forecast: JobQueueForecast | null | undefined;
  className?: string | undefined;
}

/** "14:05" today; with the date when the estimate falls on another day. */
function clockTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return formatDateTime(date, sameDay ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' });
}

/**
 * An active job's place in the queue and its estimated start and finish (PENDING), or its estimated
 * finish (PROCESSING), as the server forecast them; "No time estimate yet" when the server had no
 * render history to estimate from — a time is never made up here. Not a live region: the status badge
 * announces what matters, a moving estimate would only chatter.
 */
export function QueueForecast({ status, forecast, className = 'jobs-queue' }: QueueForecastProps) {
  const { t } = useMessages('jobs', jobsMessages);
  if (forecast === undefined || (status !== 'PENDING' && status !== 'PROCESSING')) return null;
  const start = forecast?.estimatedStartAt ?? null;
  const finish = forecast?.estimatedFinishAt ?? null;
  const position = status === 'PENDING' ? (forecast?.position ?? null) : null;

  let estimate: string;
  if (status === 'PENDING' && start && finish) {
    estimate = t('queue.startAndFinish', { start: clockTime(start), finish: clockTime(finish) });
  } else if (status === 'PENDING' && start) {
    estimate = t('queue.start', { start: clockTime(start) });
  } else if (finish) {
    estimate = t('queue.finish', { finish: clockTime(finish) });
  } else {
    estimate = t('queue.noEstimate');
  }

  return (
    <p className={className}>
      {position !== null && (
        <span className="jobs-queue__position">{t('queue.position', { position: formatNumber(position) })}</span>
      )}
      <span className="jobs-queue__estimate">{estimate}</span>
    </p>
  );
}
