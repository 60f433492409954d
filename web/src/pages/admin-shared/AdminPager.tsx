import { useMessages } from '../../i18n/use-messages';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../ui';
import { adminSharedMessages } from './messages';
import './admin-shared.css';

export interface AdminPagerProps {
  /** Offset of the first item shown. */
  skip: number;
  take: number;
  /** Items on the current page. */
  shown: number;
  total: number;
  /** When the server says whether a next page exists (jobs list), that wins over the count. */
  hasNext?: boolean;
  /** While a page loads both buttons wait. */
  busy?: boolean;
  onPage: (skip: number) => void;
  /** Names the list for assistive technology ("Users pages"). */
  label?: string;
}

/** Prev / Next with "x–y of total" for the admin lists (offset paging: skip and take). */
export function AdminPager({ skip, take, shown, total, hasNext, busy = false, onPage, label }: AdminPagerProps) {
  const { t } = useMessages('adminShared', adminSharedMessages);
  const nextExists = hasNext ?? skip + shown < total;
  const range =
    shown === 0
      ? t('pager.none', { total: formatNumber(total) })
      : t('pager.range', {
          from: formatNumber(skip + 1),
          to: formatNumber(skip + shown),
          total: formatNumber(total),
        });
  return (
    <nav className="admin-pager" aria-label={label ?? t('pager.label')}>
      <Button variant="secondary" disabled={busy || skip === 0} onClick={() => onPage(Math.max(0, skip - take))}>
        {t('pager.previous')}
      </Button>
      <span className="admin-pager-range" aria-live="polite">
        {range}
      </span>
      <Button variant="secondary" disabled={busy || !nextExists} onClick={() => onPage(skip + take)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
