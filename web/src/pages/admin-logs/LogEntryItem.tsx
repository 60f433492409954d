import type { AdminLogEntry } from '@kadr/contracts';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge, type BadgeVariant } from '../../ui';
import { CopyButton } from '../admin-shared/CopyButton';
import { actionMessageKey, isKnownAction } from './known-actions';
import { adminLogsMessages } from './messages';

const OUTCOME_VARIANT: Record<AdminLogEntry['outcome'], BadgeVariant> = {
  success: 'success',
  failure: 'danger',
  denied: 'warning',
};

/** One line of the log: when, what, how it ended, who and to what, and its details. */
export function LogEntryItem({ entry }: { entry: AdminLogEntry }) {
  const { t } = useMessages('adminLogs', adminLogsMessages);
  const none = t('entry.none');
  const detail = Object.entries(entry.detail);
  return (
    <li className="admin-logs-entry">
      <article className="admin-record-card" aria-label={`${formatDateTime(entry.at)} ${entry.action}`}>
        <header className="admin-logs-entry-head">
          <time className="admin-logs-time" dateTime={entry.at}>
            {formatDateTime(entry.at, { dateStyle: 'medium', timeStyle: 'medium' })}
          </time>
          <span className="admin-logs-badges">
            <Badge variant={entry.kind === 'system_event' ? 'info' : 'neutral'}>{t(`kindBadge.${entry.kind}`)}</Badge>
            <Badge variant={OUTCOME_VARIANT[entry.outcome]} dot>
              {t(`outcomes.${entry.outcome}`)}
            </Badge>
          </span>
        </header>
        <p className="admin-logs-action">
          {isKnownAction(entry.action) && <strong>{t(actionMessageKey(entry.action))}</strong>}{' '}
          <code className="ui-code">{entry.action}</code>
        </p>
        <dl className="admin-logs-facts">
          <div>
            <dt>{t('entry.actor')}</dt>
            <dd>
              {entry.actorId ? <code>{entry.actorId}</code> : entry.kind === 'system_event' ? t('entry.system') : none}
            </dd>
          </div>
          <div>
            <dt>{t('entry.target')}</dt>
            <dd>{entry.targetId ? <code>{entry.targetId}</code> : none}</dd>
          </div>
          <div>
            <dt>{t('entry.user')}</dt>
            <dd>{entry.userId ? <code>{entry.userId}</code> : none}</dd>
          </div>
          <div>
            <dt>{t('entry.correlationId')}</dt>
            <dd className="admin-logs-correlation">
              {entry.correlationId ? (
                <>
                  <code>{entry.correlationId}</code>
                  <CopyButton value={entry.correlationId} what={t('entry.correlationIdWhat')} />
                </>
              ) : (
                none
              )}
            </dd>
          </div>
        </dl>
        {detail.length > 0 && (
          <div className="admin-logs-detail">
            <p className="admin-logs-detail-title">{t('entry.detail')}</p>
            <dl className="admin-logs-detail-list">
              {detail.map(([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd>{detailValue(value, none)}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </article>
    </li>
  );
}

function detailValue(value: string | number | boolean | null, none: string): string {
  // Numbers here are codes and offsets (HTTP status, partition offset): shown as sent, not grouped.
  return value === null ? none : String(value);
}
