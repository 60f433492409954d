import type { BillingLedgerLine } from '@kadr/contracts';
import { Link } from 'react-router';
import { useRefundText } from '../../features/billing';
import { orderStatusPath, shortOrderId } from '../../features/commerce/order-links';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { billingHistoryMessages } from './messages';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

export interface LedgerTableProps {
  lines: readonly BillingLedgerLine[];
}

/**
 * The ledger's lines, newest first: when, what happened in plain words (a job's lines link to its
 * page, an order's to its status page), the change of the balance, the change of the credits held
 * for running videos (a hold sets credits aside without spending them), and the balance after.
 */
export function LedgerTable({ lines }: LedgerTableProps) {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  return (
    <div className="billing-table-frame">
      <table className="billing-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.date')}</th>
            <th scope="col">{t('table.what')}</th>
            <th scope="col" className="billing-table__number">
              {t('table.change')}
            </th>
            <th scope="col" className="billing-table__number">
              {t('table.held')}
            </th>
            <th scope="col" className="billing-table__number">
              {t('table.balanceAfter')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-line-id={line.id} className={`billing-table__row billing-table__row--${line.kind}`}>
              <td className="billing-table__date">
                <time dateTime={line.occurredAt}>{formatDateTime(line.occurredAt)}</time>
              </td>
              <th scope="row" className="billing-table__what">
                <LineDescription line={line} />
              </th>
              <td className="billing-table__number">
                <Signed value={line.balanceDelta} />
              </td>
              <td className="billing-table__number billing-table__held">
                <Signed value={line.heldDelta} />
              </td>
              <td className="billing-table__number billing-table__balance">{formatNumber(line.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "+100", "−5"; a zero is a dash, read as "no change". */
function Signed({ value }: { value: number }) {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  if (value === 0) {
    return (
      <>
        <span aria-hidden="true" className="billing-table__none">
          —
        </span>
        <span className="visually-hidden">{t('table.noChange')}</span>
      </>
    );
  }
  const text = formatNumber(value, { signDisplay: 'exceptZero' }).replace('-', '−');
  return <span className={value > 0 ? 'billing-table__plus' : 'billing-table__minus'}>{text}</span>;
}

function LineDescription({ line }: { line: BillingLedgerLine }) {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  const { refunded } = useRefundText();
  const order = line.referenceType === 'order' && line.reference !== '' ? line.reference : null;
  const job = line.referenceType === 'job' && line.reference !== '' ? line.reference : null;

  let text: string;
  switch (line.kind) {
    case 'grant':
      text = line.referenceType === 'welcome' ? t('kind.welcome') : t('kind.grant');
      break;
    case 'purchase':
    case 'refund':
      text = order ? t(`kind.${line.kind}`, { order: shortOrderId(order) }) : t(`kind.${line.kind}NoOrder`);
      break;
    case 'hold':
    case 'capture':
      text = t(`kind.${line.kind}`);
      break;
    case 'release':
      text = refunded(line.reason);
      break;
    case 'chargeback': {
      // The order's payment was reversed by the card issuer; `reason` holds the administrator's words.
      const why = line.reason?.trim();
      const number = order ? shortOrderId(order) : '';
      text = why
        ? t('kind.chargebackWithReason', { order: number, reason: why })
        : t('kind.chargeback', { order: number });
      break;
    }
    default: {
      // An administrator's adjustment: `reason` holds the words they wrote for the user.
      const why = line.reason?.trim();
      text = why ? t('kind.adjustmentWithReason', { reason: why }) : t('kind.adjustment');
    }
  }

  const target = job ? jobPath(job) : order ? orderStatusPath(order) : null;
  const allowance =
    line.allowanceDelta > 0 ? t('allowance.taken') : line.allowanceDelta < 0 ? t('allowance.returned') : null;
  return (
    <>
      {target ? <Link to={target}>{text}</Link> : text}
      {allowance && <span className="billing-table__note">{allowance}</span>}
    </>
  );
}
