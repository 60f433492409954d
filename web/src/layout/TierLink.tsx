import { NavLink } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { useTopBar } from '../session/top-bar-store';
import { Badge } from '../ui/Badge';

/** Spec §2: "Upgrade" linking to /subscription with the tier badge (FREE until the summary says otherwise). */
export function TierLink({ className }: { className?: string }) {
  const { t } = useMessages('common', commonMessages);
  const tier = useTopBar((state) => state.tier);
  return (
    <NavLink
      to="/subscription"
      className={['tier-link', className].filter(Boolean).join(' ')}
      aria-label={t('topBar.tierLabel', { tier })}
    >
      <span className="tier-link__label">{t('nav.upgrade')}</span>
      <Badge variant={tier === 'FREE' ? 'neutral' : 'accent'} className="tier-link__badge" data-testid="tier-badge">
        {tier}
      </Badge>
    </NavLink>
  );
}
