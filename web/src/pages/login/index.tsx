import { useEffect, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useMessages } from '../../i18n/use-messages';
import { LogoMark } from '../../layout/icons';
import { navigateFullPage } from '../../session/full-page-navigation';
import { loginUrl, safeReturnTo } from '../../session/return-to';
import { Button } from '../../ui';
import { PublicLayout } from '../public-shared/PublicLayout';
import { usePublicSession } from '../public-shared/use-public-session';
import { loginMessages } from './messages';
import './login.css';

/** The codes the gateway's `/auth/callback` sends back as `/login?error=<code>`. */
const KNOWN_ERRORS = [
  'access_denied',
  'provider_error',
  'provider_unavailable',
  'login_expired',
  'invalid_state',
  'email_required',
  'sign_in_failed',
] as const;

function errorKey(code: string | null): string | null {
  if (code === null || code === '') return null;
  return (KNOWN_ERRORS as readonly string[]).includes(code) ? `errors.${code}` : 'errors.unknown';
}

/**
 * `/login`: one button that leaves the app for the gateway's sign-in (a full page load, spec §2),
 * coming back to `returnTo` — only a same-origin path is passed on, anything else becomes
 * `/dashboard`. A failed sign-in comes back here with `?error=<code>`, explained in words.
 */
export default function LoginPage() {
  const { t } = useMessages('login', loginMessages);
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const error = errorKey(params.get('error'));
  const session = usePublicSession();
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  // Back from the provider through the browser's back button: the page may come from the
  // back-forward cache with the button still spinning.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // Already signed in (and not here because a sign-in failed): nothing to do on this page.
  if (session.known && session.signedIn && !error) return <Navigate to={returnTo} replace />;

  function signIn() {
    setRedirecting(true);
    navigateFullPage(loginUrl(returnTo));
  }

  return (
    <PublicLayout hideSignIn>
      <div className="login-page">
        <section className="public-card login-card" aria-labelledby="login-title">
          <LogoMark width={44} height={44} className="login-card__logo" />
          <h1 id="login-title" className="login-card__title">
            {t('title')}
          </h1>
          <p className="login-card__lead">{t('lead')}</p>

          {error && (
            <div role="alert" className="login-card__error">
              <p className="login-card__error-title">{t('errorTitle')}</p>
              <p>{t(error)}</p>
            </div>
          )}

          <Button variant="primary" size="lg" block loading={redirecting} onClick={signIn}>
            {t('button')}
          </Button>
          <p className="visually-hidden" aria-live="polite">
            {redirecting ? t('redirecting') : ''}
          </p>

          <p className="login-card__note">{t('newHere')}</p>
          <p className="login-card__legal">
            <Trans
              t={t}
              i18nKey="agreement"
              components={{ terms: <Link to="/regulamin" />, privacy: <Link to="/polityka-prywatnosci" /> }}
            />
          </p>
        </section>
        <Link to="/" className="login-page__back">
          {t('back')}
        </Link>
      </div>
    </PublicLayout>
  );
}
