import { NavLink } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { useTopBar } from '../session/top-bar-store';
import { Badge } from '../ui/Badge';

/**
 * Spec §2: "Upgrade" linking to /subscription with the tier badge (FREE until the summary says otherwise).
 * The link's name is its own text ("Upgrade — current plan FREE", the middle part visually hidden), not an
 * aria-label: a label would have to repeat the visible words exactly, or a voice user's "click Upgrade FREE"
 * would miss it (WCAG 2.5.3 "Label in Name"; axe `label-content-name-mismatch`).
 */
export function TierLink({ className }: { className?: string }) {
  const { t } = useMessages('common', commonMessages);
  const tier = useTopBar((state) => state.tier);
  return (
    <NavLink to="/subscription" className={['tier-link', className].filter(Boolean).join(' ')}>
      <span className="tier-link__label">{t('nav.upgrade')}</span>{' '}
      <span className="visually-hidden">{t('topBar.currentPlan')} </span>
      <Badge variant={tier === 'FREE' ? 'neutral' : 'accent'} className="tier-link__badge" data-testid="tier-badge">
        {tier}
      </Badge>
    </NavLink>
  );
}
