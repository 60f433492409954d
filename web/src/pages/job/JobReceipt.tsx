import type { BillingLedgerLine } from '@kadr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { getJobReceipt } from '../../api/endpoints';
import { JOB_RECEIPT_POLL_INTERVAL_MS, JOB_RECEIPT_POLL_TIMEOUT_MS } from '../../config/constants';
import { billingKeys, useRefundText, useReloadOnCreditsChange } from '../../features/billing';
import { usePollingWindow } from '../../features/commerce/use-polling-window';
import { useCreditsLabel } from '../../features/jobs';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Card, ErrorState } from '../../ui';
import { AdminListLoading } from '../admin-shared/AdminListLoading';
import { CopyButton } from '../admin-shared/CopyButton';
import { jobDetailsMessages } from './messages';

export interface JobReceiptProps {
  jobId: string;
  /** The job has ended: a receipt still "held" is about to settle, so it is read again for a while. */
  ended: boolean;
  /** What the job was when it is not a plain generation ("Upscale to 1080×1920"): said under the heading. */
  what?: string;
}

/**
 * What the job cost, from commerce's ledger (`GET …/jobs/{id}/receipt`): each of its lines — held,
 * charged or refunded, with the line's id to quote to support — and the balance after the last one.
 * While held it says so; it settles when the job ends (the stream's `credits` event and, after the
 * job's final event, a short poll read it again).
 */
export function JobReceipt({ jobId, ended, what }: JobReceiptProps) {
  const { t } = useMessages('jobDetails', jobDetailsMessages);
  const creditsLabel = useCreditsLabel();
  const settling = usePollingWindow(ended, JOB_RECEIPT_POLL_TIMEOUT_MS);
  const receipt = useQuery({
    queryKey: billingKeys.receipt(jobId),
    queryFn: ({ signal }) => getJobReceipt(jobId, { signal }).then((answer) => answer.data),
    staleTime: 0,
    refetchInterval: (query) =>
      ended && !settling.expired && query.state.data?.state === 'held' ? JOB_RECEIPT_POLL_INTERVAL_MS : false,
  });
  // A settled receipt does not change again; one not settled (or not recorded yet) does when credits move.
  useReloadOnCreditsChange(billingKeys.receipt(jobId), !receipt.data || receipt.data.state === 'held');

  let body;
  if (receipt.isPending) {
    body = <AdminListLoading label={t('receipt.loading')} rows={1} linesPerRow={3} />;
  } else if (receipt.isError) {
    body =
      isApiError(receipt.error) && receipt.error.status === 404 ? (
        <p className="job-muted">{t('receipt.none')}</p>
      ) : (
        <ErrorState
          message={t('receipt.loadFailed')}
          correlationId={isApiError(receipt.error) ? receipt.error.correlationId : undefined}
          onRetry={() => void receipt.refetch()}
          retrying={receipt.isFetching}
        />
      );
  } else {
    const { data } = receipt;
    body = (
      <>
        <ol className="job-receipt__lines">
          {data.lines.map((line) => (
            <ReceiptLine key={line.id} line={line} />
          ))}
        </ol>
        {data.state === 'held' && (
          <p className="job-receipt__pending" role="status">
            {t('receipt.pending')}
          </p>
        )}
        <p className="job-receipt__balance">
          {t('receipt.balanceAfter', { credits: creditsLabel(data.balanceAfter) })}
        </p>
      </>
    );
  }

  return (
    <Card as="section" className="job-card job-receipt" aria-labelledby="job-receipt-heading">
      <h2 id="job-receipt-heading" className="job-card__title">
        {t('receipt.heading')}
      </h2>
      {what && <p className="job-receipt__what">{what}</p>}
      {body}
      <Link to="/billing" className="job-receipt__history">
        {t('receipt.history')}
      </Link>
    </Card>
  );
}

function ReceiptLine({ line }: { line: BillingLedgerLine }) {
  const { t } = useMessages('jobDetails', jobDetailsMessages);
  const creditsLabel = useCreditsLabel();
  const { reason } = useRefundText();
  const credits = Math.abs(line.heldDelta || line.balanceDelta);
  // A generation of the plan moves no credits: its lines change neither the balance nor what is held.
  const amount = credits === 0 ? t('receipt.allowanceAmount') : creditsLabel(credits);
  const time = formatDateTime(line.occurredAt);

  let sentence: string;
  switch (line.kind) {
    case 'hold':
      sentence = t('receipt.held', { amount, time });
      break;
    case 'capture':
      sentence = t('receipt.charged', { amount });
      break;
    case 'release':
      sentence = t('receipt.refunded', { amount, reason: reason(line.reason) });
      break;
    default:
      sentence = t('receipt.changed', { change: formatNumber(line.balanceDelta, { signDisplay: 'exceptZero' }) });
  }

  return (
    <li className={`job-receipt__line job-receipt__line--${line.kind}`}>
      <p className="job-receipt__sentence">{sentence}</p>
      <p className="job-receipt__meta">
        {line.kind !== 'hold' && <time dateTime={line.occurredAt}>{time}</time>}
        <span className="job-receipt__id">
          <span>{t('receipt.lineId')}</span> <code className="ui-code">{line.id}</code>
          <CopyButton value={line.id} what={t('receipt.lineIdWhat', { id: line.id })} />
        </span>
      </p>
    </li>
  );
}
