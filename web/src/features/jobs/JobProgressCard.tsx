import type { ReactNode } from 'react';
import { useQueueForecast, type LiveJob } from '../../live';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge, ButtonLink, ProgressBar } from '../../ui';
import { CancelJobButton, type CancelJobOptions } from './CancelJobButton';
import { isActiveStatus, STATUS_BADGE, STATUS_TONE } from './job-status';
import { jobsMessages } from './messages';
import { QueueForecast } from './QueueForecast';

export interface JobProgressCardProps {
  job: LiveJob;
  /** What the job is (its prompt); "New video" when unknown. */
  title?: string | undefined;
  /** A short line under the title (model, duration, quality). */
  meta?: ReactNode;
  /** Element type of the card (`li` inside lists). */
  as?: 'li' | 'div';
  /** Offers "Cancel" while the job is PENDING or PROCESSING (where the person watches their running jobs). */
  cancel?: CancelJobOptions | undefined;
}

/**
 * One job as it moves: status badge, progress bar and a status line; a running one can be
 * cancelled (with `cancel`), a finished one links to the gallery, a cancelled one has no bar; every
 * one links to its own page ("Details"). A running one shows its place in the queue and estimated times
 * once the server's active list has been read (see `startQueueForecasts`). Only the status word is a live region (a change of status is announced, each 10 % step
 * is not — the progress bar carries the percentage for assistive tech).
 */
export function JobProgressCard({ job, title, meta, as: Tag = 'div', cancel }: JobProgressCardProps) {
  const { t } = useMessages('jobs', jobsMessages);
  const name = title?.trim() ? title.trim() : t('untitled');
  const percent = formatNumber(job.progress / 100, { style: 'percent', maximumFractionDigits: 0 });
  const forecast = useQueueForecast(job.id);
  return (
    <Tag className={`jobs-card jobs-card--${job.status.toLowerCase()}`} data-job-id={job.id}>
      <div className="jobs-card__top">
        <p className="jobs-card__title" title={name}>
          {name}
        </p>
        <span aria-live="polite" aria-atomic="true">
          <Badge variant={STATUS_BADGE[job.status]} dot>
            {t(`status.${job.status}`)}
          </Badge>
        </span>
      </div>
      {meta && <p className="jobs-card__meta">{meta}</p>}
      {job.status !== 'COMPLETED' && job.status !== 'CANCELLED' && (
        <ProgressBar
          value={job.progress}
          label={t('progressLabel', { title: name })}
          size="sm"
          tone={STATUS_TONE[job.status]}
        />
      )}
      <QueueForecast status={job.status} forecast={forecast} />
      <div className="jobs-card__bottom">
        <p className="jobs-card__status">
          {t(`statusLine.${job.status}`, { percent })}
          {job.createdAt && job.status !== 'COMPLETED' && (
            <span className="jobs-card__time">
              {' '}
              · {t('startedAt', { time: formatDateTime(job.createdAt, { timeStyle: 'short' }) })}
            </span>
          )}
        </p>
        <div className="jobs-card__actions">
          {cancel && isActiveStatus(job.status) && <CancelJobButton jobId={job.id} title={name} {...cancel} />}
          {job.status === 'COMPLETED' && (
            <ButtonLink to="/gallery" size="sm" variant="primary">
              {t('watchInGallery')}
            </ButtonLink>
          )}
          <ButtonLink
            to={`/jobs/${encodeURIComponent(job.id)}`}
            size="sm"
            variant="ghost"
            aria-label={t('detailsLabel', { title: name })}
          >
            {t('details')}
          </ButtonLink>
        </div>
      </div>
    </Tag>
  );
}
