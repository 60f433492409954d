import type { AdminDeadLetter } from '@kadr/contracts';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge, type BadgeVariant } from '../../ui';
import { CopyButton } from '../admin-shared/CopyButton';
import { DeadLetterActions } from './DeadLetterActions';
import { adminDeadLettersMessages } from './messages';

const HANDLING_VARIANT: Record<NonNullable<AdminDeadLetter['handling']>['action'], BadgeVariant> = {
  replaying: 'info',
  replayed: 'success',
  discarded: 'neutral',
};

/**
 * One dead letter: when and why it failed, what it carried (the decoded event and the original
 * headers fold open, so a long list stays scannable), how it was handled, and its actions.
 */
export function DeadLetterItem({ letter }: { letter: AdminDeadLetter }) {
  const { t } = useMessages('adminDeadLetters', adminDeadLettersMessages);
  const none = t('letter.none');
  const { handling } = letter;
  const headers = Object.entries(letter.headers);
  return (
    <li className="admin-dlq-letter">
      <article className="admin-record-card admin-dlq-card" aria-label={t('letter.label', { id: letter.id })}>
        <header className="admin-dlq-letter-head">
          {letter.failedAt ? (
            <time dateTime={letter.failedAt}>
              {formatDateTime(letter.failedAt, { dateStyle: 'medium', timeStyle: 'medium' })}
            </time>
          ) : (
            <span>{t('letter.unknownTime')}</span>
          )}
          {letter.attempts !== null && (
            <span className="admin-dlq-muted">{t('letter.attempts', { count: letter.attempts })}</span>
          )}
          <Badge variant={handling ? HANDLING_VARIANT[handling.action] : 'warning'} dot>
            {t(`handling.${handling?.action ?? 'pending'}`)}
          </Badge>
        </header>

        <p className="admin-dlq-error">
          <span className="visually-hidden">{t('letter.error')}: </span>
          <code>{letter.error || none}</code>
        </p>

        <dl className="admin-dlq-facts">
          <div>
            <dt>{t('letter.key')}</dt>
            <dd>{letter.key ? <code>{letter.key}</code> : none}</dd>
          </div>
          <div>
            <dt>{t('letter.eventId')}</dt>
            <dd className="admin-dlq-copyable">
              {letter.eventId ? (
                <>
                  <code>{letter.eventId}</code>
                  <CopyButton value={letter.eventId} what={t('letter.eventIdWhat')} />
                </>
              ) : (
                none
              )}
            </dd>
          </div>
          <div>
            <dt>{t('letter.place')}</dt>
            <dd>{t('letter.placeValue', { partition: letter.partition, offset: letter.offset })}</dd>
          </div>
          {handling && (
            <div>
              <dt>{t(`handling.${handling.action}`)}</dt>
              <dd>
                {t('handling.by', {
                  by: handling.by,
                  at: formatDateTime(handling.at, { dateStyle: 'medium', timeStyle: 'medium' }),
                })}
              </dd>
            </div>
          )}
          {handling?.reason && (
            <div>
              <dt>{t('handling.reason')}</dt>
              <dd>{handling.reason}</dd>
            </div>
          )}
        </dl>

        <details className="admin-dlq-fold">
          <summary>{t('letter.payload')}</summary>
          {letter.payload ? (
            <pre className="admin-dlq-json">{JSON.stringify(letter.payload, null, 2)}</pre>
          ) : (
            <>
              <p>{t('letter.notDecoded', { error: letter.decodeError ?? none })}</p>
              <pre className="admin-dlq-json">{letter.value}</pre>
            </>
          )}
        </details>
        <details className="admin-dlq-fold">
          <summary>{t('letter.headers', { count: headers.length })}</summary>
          <dl className="admin-dlq-headers">
            {headers.map(([name, value]) => (
              <div key={name}>
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>
                  <code>{value}</code>
                </dd>
              </div>
            ))}
          </dl>
        </details>

        {(!handling || handling.action === 'replaying') && <DeadLetterActions letter={letter} />}
      </article>
    </li>
  );
}
