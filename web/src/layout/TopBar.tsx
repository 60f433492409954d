import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { signOut } from '../session/session-store';
import { ThemeToggle } from '../theme/ThemeToggle';
import { ButtonLink } from '../ui/Button';
import { CreditsBadge } from './CreditsBadge';
import {
  DeferredAdminMenu,
  DeferredAvatarMenu,
  DeferredLanguageListbox,
  DeferredNotificationBell,
} from './deferred-menus';
import { CloseIcon, LogoMark, LogoutIcon, MenuIcon } from './icons';
import { MobileMenu } from './MobileMenu';
import { topNavItems } from './nav-items';
import { TierLink } from './TierLink';
import { useShellUser } from './use-shell-user';
import './layout.css';

/**
 * The top bar (spec §2): logo → /, Home / Gallery / Generate, credits badge, Upgrade with the tier,
 * language listbox, theme toggle, the admin dropdown for the administrator, the notifications bell
 * (issue 20), the "U" avatar menu and Logout — or Login for a visitor. The links, language, theme,
 * admin and logout move into a menu panel below 1120 px (plan, language and theme stay in the bar
 * from 640 px); at 360 px the bar keeps the menu button, logo, credits, bell and avatar.
 */
export function TopBar() {
  const { t } = useMessages('common', commonMessages);
  const { signedIn, checking } = useShellUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = `topbar-menu-${useId()}`;
  const location = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Any navigation (a link in the panel, back button) closes the panel.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  return (
    <header className="topbar">
      <div className="topbar__inner">
        <button
          ref={menuButton}
          type="button"
          className="topbar__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>

        <Link to="/" className="topbar__logo" aria-label={t('nav.logoLabel')}>
          <LogoMark />
          <span className="topbar__wordmark" aria-hidden="true">
            {t('app.name')}
          </span>
        </Link>

        {!checking && (
          <nav className="topbar__nav" aria-label={t('nav.main')}>
            <ul className="topbar__nav-list">
              {topNavItems(signedIn).map(({ to, labelKey }) => (
                <li key={to}>
                  <NavLink to={to} className="topbar__nav-link">
                    {t(labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="topbar__actions">
          {signedIn && <CreditsBadge />}
          {signedIn && <TierLink className="topbar__from-sm" />}
          <DeferredLanguageListbox className="topbar__from-sm" />
          <ThemeToggle className="topbar__from-sm" />
          {signedIn && (
            <>
              <DeferredAdminMenu className="topbar__from-lg" />
              <DeferredNotificationBell />
              <DeferredAvatarMenu />
              <button type="button" className="topbar__logout topbar__from-lg" onClick={() => void signOut()}>
                <LogoutIcon />
                <span>{t('nav.logout')}</span>
              </button>
            </>
          )}
          {!signedIn && !checking && (
            <ButtonLink to="/login" variant="primary" size="sm">
              {t('nav.login')}
            </ButtonLink>
          )}
        </div>
      </div>
      {menuOpen && <MobileMenu id={menuId} onClose={closeMenu} returnFocusTo={menuButton} />}
    </header>
  );
}
