import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../layout/icons';
import { useMessages } from '../../i18n/use-messages';
import { ThemeToggle } from '../../theme';
import { ButtonLink } from '../../ui';
import { LanguageSwitch } from './LanguageSwitch';
import { publicSharedMessages } from './messages';
import { usePublicSession } from './use-public-session';
import './public-shared.css';

export interface PublicLayoutProps {
  children: ReactNode;
  /** Hides the header's sign-in link (the login page is that link). */
  hideSignIn?: boolean;
}

/**
 * The frame of the pages outside the session wrapper (landing, login, legal pages): a small header
 * of their own — the shell's top bar needs a session — and a footer with the legal links.
 */
export function PublicLayout({ children, hideSignIn = false }: PublicLayoutProps) {
  const { t } = useMessages('publicShared', publicSharedMessages);
  const session = usePublicSession();
  return (
    <div className="public-frame">
      <a href="#main" className="public-skip">
        {t('header.skip')}
      </a>
      <header className="public-header">
        <div className="public-header__inner">
          <Link to="/" className="public-header__logo" aria-label={t('header.logo')}>
            <LogoMark width={28} height={28} />
            <span className="public-header__wordmark" aria-hidden="true">
              Kadr
            </span>
          </Link>
          <nav className="public-header__nav" aria-label={t('header.nav')}>
            <Link to="/#pricing" className="public-header__link">
              {t('header.pricing')}
            </Link>
            <Link to="/polityka-prywatnosci" className="public-header__link">
              {t('header.privacy')}
            </Link>
            <Link to="/regulamin" className="public-header__link">
              {t('header.terms')}
            </Link>
          </nav>
          <div className="public-header__tools">
            <LanguageSwitch />
            <ThemeToggle className="public-header__theme" />
            {!hideSignIn &&
              (session.signedIn ? (
                <ButtonLink to="/dashboard" variant="primary" size="sm">
                  {t('header.dashboard')}
                </ButtonLink>
              ) : (
                <ButtonLink to="/login" variant="primary" size="sm">
                  {t('header.signIn')}
                </ButtonLink>
              ))}
          </div>
        </div>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicFooter() {
  const { t } = useMessages('publicShared', publicSharedMessages);
  return (
    <footer className="public-footer">
      <div className="public-footer__inner">
        <div className="public-footer__brand">
          <LogoMark width={22} height={22} />
          <p className="public-footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')} className="public-footer__nav">
          <Link to="/polityka-prywatnosci">{t('footer.privacy')}</Link>
          <Link to="/regulamin">{t('footer.terms')}</Link>
        </nav>
        <p className="public-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
