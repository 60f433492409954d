import { useEffect, useRef, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { signOut } from '../session/session-store';
import { useTopBar } from '../session/top-bar-store';
import { ThemeToggle } from '../theme/ThemeToggle';
import { Badge } from '../ui/Badge';
import { DeferredLanguageListbox } from './deferred-menus';
import { LogoutIcon, SubscriptionIcon } from './icons';
import { ADMIN_ITEMS, SIDEBAR_ITEMS, topNavItems } from './nav-items';
import { useShellUser } from './use-shell-user';

export interface MobileMenuProps {
  id: string;
  onClose: () => void;
  /** Focus goes back here when the menu closes by Escape. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The top bar's navigation on narrow screens: a panel under the bar (disclosure pattern: the menu
 * button has aria-expanded/aria-controls). Holds everything the bar cannot fit at 360 px.
 */
export function MobileMenu({ id, onClose, returnFocusTo }: MobileMenuProps) {
  const { t } = useMessages('common', commonMessages);
  const { signedIn, isAdmin } = useShellUser();
  const tier = useTopBar((state) => state.tier);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent): void => {
      // A Radix popup inside (the language listbox) handles its own Escape first.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      onClose();
      returnFocusTo.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose, returnFocusTo]);

  const primary = topNavItems(signedIn);
  // Everything else the sidebar offers, except /subscription: the Upgrade entry below leads there.
  const more = signedIn
    ? SIDEBAR_ITEMS.filter((item) => item.to !== '/subscription' && !primary.some((shown) => shown.to === item.to))
    : [];

  return (
    <div id={id} ref={panel} className="mobile-menu">
      <nav aria-label={t('nav.main')}>
        <ul className="mobile-menu__list">
          {[...primary, ...more].map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className="mobile-menu__link" onClick={onClose}>
                <Icon />
                {t(labelKey)}
              </NavLink>
            </li>
          ))}
          {signedIn && (
            <li>
              <NavLink to="/subscription" className="mobile-menu__link" onClick={onClose}>
                <SubscriptionIcon />
                {t('nav.upgrade')}
                <Badge variant={tier === 'FREE' ? 'neutral' : 'accent'} className="mobile-menu__badge">
                  {tier}
                </Badge>
              </NavLink>
            </li>
          )}
        </ul>
        {isAdmin && (
          <>
            <p className="mobile-menu__heading" id={`${id}-admin`}>
              {t('nav.admin')}
            </p>
            <ul className="mobile-menu__list" aria-labelledby={`${id}-admin`}>
              {ADMIN_ITEMS.map(({ to, labelKey, icon: Icon }) => (
                <li key={to}>
                  <NavLink to={to} className="mobile-menu__link" onClick={onClose}>
                    <Icon />
                    {t(labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
      <div className="mobile-menu__settings">
        <DeferredLanguageListbox />
        <ThemeToggle showLabel />
      </div>
      {signedIn && (
        <button type="button" className="mobile-menu__link mobile-menu__logout" onClick={() => void signOut()}>
          <LogoutIcon />
          {t('nav.logout')}
        </button>
      )}
    </div>
  );
}
