import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminJobDetailPage, AdminJobView } from '@kadr/contracts';
import { getAdminJob } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { ErrorState, Skeleton } from '../../ui';
import { CopyButton } from '../admin-shared/CopyButton';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { JobActions } from './JobActions';
import { JobStatusBadge } from './JobStatusBadge';
import { adminUsersMessages } from './messages';

/** Decimal megabytes, as `Intl`'s `megabyte` unit means them. */
const BYTES_PER_MEGABYTE = 1_000_000;

export interface JobDetailProps {
  jobId: string;
  onDeleted: () => void;
}

/** One job as the administrator sees it: fields, actions, history, the credit hold and ledger entries. */
export function JobDetail({ jobId, onDeleted }: JobDetailProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const detail = useQuery({
    queryKey: adminKeys.job(jobId),
    queryFn: ({ signal }) => getAdminJob(jobId, { signal }),
  });

  if (detail.isPending) {
    return (
      <div className="admin-users-loading" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('job.loading')}
        </span>
        <Skeleton shape="text" lines={6} />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <ErrorState
        title={t('job.loadFailed')}
        message={isApiError(detail.error) ? detail.error.message : t('job.loadFailed')}
        correlationId={isApiError(detail.error) ? detail.error.correlationId : undefined}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        retryLabel={t('retry')}
      />
    );
  }

  const { data, meta } = detail.data;
  return (
    <div className="admin-users-job" aria-busy={detail.isFetching || undefined}>
      {meta.missing.length > 0 && (
        <p className="admin-users-notice" role="status">
          {t('job.missing', { parts: meta.missing.map((part) => t(`job.missingPart.${part}`)).join(', ') })}
        </p>
      )}
      <JobActions job={data.job} onDeleted={onDeleted} />
      <JobFields job={data.job} />
      <JobHistory events={data.events} />
      <div className="admin-users-money">
        <JobHold hold={data.hold} missing={meta.missing.includes('hold')} />
        <JobLedger ledger={data.ledger} missing={meta.missing.includes('ledger')} />
      </div>
    </div>
  );
}

function JobFields({ job }: { job: AdminJobView }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const rows: Array<[label: string, value: ReactNode]> = [
    [
      t('job.fields.id'),
      <span className="admin-users-id">
        <code className="ui-code">{job.id}</code>
        <CopyButton value={job.id} what={t('job.fields.id')} />
      </span>,
    ],
    [t('job.fields.status'), <JobStatusBadge status={job.status} />],
    [t('job.fields.progress'), `${formatNumber(job.progress)} %`],
    [
      t('job.fields.userId'),
      <span className="admin-users-id">
        <code className="ui-code">{job.userId}</code>
        <CopyButton value={job.userId} what={t('job.fields.userId')} />
      </span>,
    ],
    [t('job.fields.prompt'), <span className="admin-users-prompt-full">{job.prompt || t('jobs.noPrompt')}</span>],
    [t('job.fields.model'), job.modelId],
    [t('job.fields.provider'), job.provider],
    [t('job.fields.settings'), `${t('job.seconds', { count: job.duration })} · ${job.quality} · ${job.speed}`],
    [t('job.fields.resolution'), `${job.width} × ${job.height}`],
    // Issue 21's settings: what the job is, its frame shape, seed and negative prompt, and where it started from.
    [
      t('job.fields.kind'),
      t(`job.kinds.${job.kind === 'upscale' ? 'upscale' : job.startImage ? 'image' : 'generate'}`),
    ],
    [t('job.fields.aspectRatio'), job.aspectRatio],
  ];
  if (job.seed !== null) rows.push([t('job.fields.seed'), <code key="seed">{job.seed}</code>]);
  if (job.negativePrompt) rows.push([t('job.fields.negativePrompt'), job.negativePrompt]);
  if (job.startImage) rows.push([t('job.fields.startImage'), <code key="start-image">{job.startImage.image}</code>]);
  if (job.sourceJobId) rows.push([t('job.fields.sourceJob'), <code key="source-job">{job.sourceJobId}</code>]);
  rows.push(
    [t('job.fields.cost'), t('job.credits', { amount: formatNumber(job.cost) })],
    [t('job.fields.chargedFrom'), t(`job.chargedFrom.${job.chargedFrom ?? 'none'}`)],
    [t('job.fields.attempt'), formatNumber(job.attempt)],
  );
  if (job.errorCode || job.errorMessage) {
    rows.push([
      t('job.fields.error'),
      <span>
        {job.errorCode && <code className="ui-code">{job.errorCode}</code>} {job.errorMessage}
      </span>,
    ]);
  }
  rows.push([t('job.fields.created'), formatDateTime(job.createdAt)]);
  rows.push([t('job.fields.updated'), formatDateTime(job.updatedAt)]);
  if (job.completedAt) rows.push([t('job.fields.completed'), formatDateTime(job.completedAt)]);
  if (job.output) {
    rows.push([
      t('job.fields.output'),
      t('job.outputValue', {
        duration: formatNumber(job.output.durationSeconds),
        size: formatNumber(job.output.sizeBytes / BYTES_PER_MEGABYTE, {
          style: 'unit',
          unit: 'megabyte',
          maximumFractionDigits: 1,
        }),
      }),
    ]);
  }
  return (
    <dl className="admin-users-fields">
      {rows.map(([label, value]) => (
        <div key={label} className="admin-users-field">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function JobHistory({ events }: { events: AdminJobDetailPage['data']['events'] }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  return (
    <section className="admin-users-subsection" aria-labelledby="admin-job-history">
      <h4 id="admin-job-history" className="admin-users-subheading">
        {t('job.events.heading')}
      </h4>
      {events.length === 0 ? (
        <p className="admin-users-muted">{t('job.events.empty')}</p>
      ) : (
        <ol className="admin-users-timeline">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className={`admin-users-event admin-users-event--${event.kind}`}>
              <span className="admin-users-event-marker" aria-hidden="true" />
              <div className="admin-users-event-body">
                <p className="admin-users-event-head">
                  <strong>{t(`job.events.kind.${event.kind}`)}</strong>{' '}
                  <span className="admin-users-muted">
                    {event.status} · {formatNumber(event.progress)} %
                  </span>
                </p>
                <p className="admin-users-muted">
                  <time dateTime={event.at}>
                    {formatDateTime(event.at, { dateStyle: 'short', timeStyle: 'medium' })}
                  </time>
                  {' · '}
                  {t('job.events.by', { actor: event.actor })}
                </p>
                {(event.message || event.errorCode) && (
                  <p>
                    {event.errorCode && <code className="ui-code">{event.errorCode}</code>} {event.message}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function JobHold({ hold, missing }: { hold: AdminJobDetailPage['data']['hold']; missing: boolean }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  if (missing) return null; // the notice above names it
  return (
    <section className="admin-users-subsection" aria-labelledby="admin-job-hold">
      <h4 id="admin-job-hold" className="admin-users-subheading">
        {t('job.hold.heading')}
      </h4>
      {hold ? (
        <dl className="admin-users-fields admin-users-fields--compact">
          <div className="admin-users-field">
            <dt>{t('job.hold.id')}</dt>
            <dd>
              <code className="ui-code">{hold.holdId}</code>
            </dd>
          </div>
          <div className="admin-users-field">
            <dt>{t('job.hold.takenFrom')}</dt>
            <dd>{t(`job.chargedFrom.${hold.takenFrom}`)}</dd>
          </div>
          <div className="admin-users-field">
            <dt>{t('job.hold.amount')}</dt>
            <dd>{formatNumber(hold.amount)}</dd>
          </div>
          <div className="admin-users-field">
            <dt>{t('job.hold.state')}</dt>
            <dd>{t(`job.hold.states.${hold.state}`)}</dd>
          </div>
        </dl>
      ) : (
        <p className="admin-users-muted">{t('job.hold.none')}</p>
      )}
    </section>
  );
}

function JobLedger({ ledger, missing }: { ledger: AdminJobDetailPage['data']['ledger']; missing: boolean }) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  if (missing) return null;
  const signed = (value: number) => formatNumber(value, { signDisplay: 'exceptZero' });
  return (
    <section className="admin-users-subsection" aria-labelledby="admin-job-ledger">
      <h4 id="admin-job-ledger" className="admin-users-subheading">
        {t('job.ledger.heading')}
      </h4>
      {!ledger || ledger.length === 0 ? (
        <p className="admin-users-muted">{t('job.ledger.empty')}</p>
      ) : (
        <div className="admin-users-table-frame">
          <table className="admin-users-table admin-users-ledger">
            <caption className="visually-hidden">{t('job.ledger.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('job.ledger.columns.at')}</th>
                <th scope="col">{t('job.ledger.columns.kind')}</th>
                <th scope="col" className="admin-users-num">
                  {t('job.ledger.columns.balance')}
                </th>
                <th scope="col" className="admin-users-num">
                  {t('job.ledger.columns.held')}
                </th>
                <th scope="col" className="admin-users-num">
                  {t('job.ledger.columns.allowance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.map((entry) => (
                <tr key={entry.id} className="admin-users-row">
                  <td data-label={t('job.ledger.columns.at')}>
                    <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                  </td>
                  <td data-label={t('job.ledger.columns.kind')}>
                    <code className="ui-code">{entry.kind}</code>
                  </td>
                  <td data-label={t('job.ledger.columns.balance')} className="admin-users-num">
                    {signed(entry.balanceDelta)}
                  </td>
                  <td data-label={t('job.ledger.columns.held')} className="admin-users-num">
                    {signed(entry.heldDelta)}
                  </td>
                  <td data-label={t('job.ledger.columns.allowance')} className="admin-users-num">
                    {signed(entry.allowanceDelta)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
