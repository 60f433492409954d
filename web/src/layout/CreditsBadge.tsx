import { Link } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { formatNumber } from '../i18n/format';
import { useMessages } from '../i18n/use-messages';
import { useTopBar } from '../session/top-bar-store';
import { CreditsIcon, HistoryIcon, PlusIcon } from './icons';

/** Shown when the balance is not known (never a misleading 0). */
export const UNKNOWN_CREDITS = '—';

/**
 * Formats a balance in the current language, always grouped: "1 234" in Polish (narrow no-break
 * space; Polish Intl would otherwise leave four-digit numbers ungrouped), "1,234" in English.
 */
export function formatCredits(balance: number | null | undefined): string {
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return UNKNOWN_CREDITS;
  return formatNumber(balance, { useGrouping: 'always', maximumFractionDigits: 2 });
}

/**
 * Spec §2: the balance linking to /buy-credits (a dash when unknown), an add-credits link, and the
 * credit history (`/billing`), where every change of that balance is listed.
 */
export function CreditsBadge({ className }: { className?: string }) {
  const { t } = useMessages('common', commonMessages);
  const credits = useTopBar((state) => state.credits);
  const value = formatCredits(credits?.balance);
  const known = value !== UNKNOWN_CREDITS;
  return (
    <div className={['credits-badge', className].filter(Boolean).join(' ')}>
      <Link
        to="/buy-credits"
        className="credits-badge__balance"
        aria-label={t('topBar.creditsLabel', { value: known ? value : t('topBar.creditsUnknown') })}
        data-testid="credits-balance"
      >
        <CreditsIcon className="credits-badge__icon" />
        <span className="credits-badge__value" aria-hidden="true">
          {value}
        </span>
      </Link>
      {[
        { to: '/buy-credits', label: t('topBar.addCredits'), icon: <PlusIcon />, className: '' },
        {
          to: '/billing',
          label: t('topBar.creditHistory'),
          icon: <HistoryIcon />,
          className: 'credits-badge__history',
        },
      ].map(({ to, label, icon, className: extra }) => (
        <Link key={to} to={to} className={`credits-badge__add ${extra}`.trim()} aria-label={label} title={label}>
          {icon}
        </Link>
      ))}
    </div>
  );
}
