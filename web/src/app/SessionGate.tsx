import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { checkSession, useSession } from '../session/session-store';
import { Button } from '../ui/Button';
import { appMessages } from './messages';
import './app-shell.css';

/**
 * The session-checking wrapper of spec §2: until the first session check has answered it shows
 * "Checking authentication…"; then the routes inside render (guarded ones decide for themselves).
 */
export function SessionGate() {
  const status = useSession((state) => state.status);
  const checkFailed = useSession((state) => state.checkFailed);
  const { t: tCommon } = useMessages('common', commonMessages);
  const { t } = useMessages('app', appMessages);

  useEffect(() => {
    // Usually already under way (main.tsx starts the session watch); concurrent checks share one request.
    if (useSession.getState().status === 'unknown') void checkSession();
  }, []);

  if (status !== 'unknown') return <Outlet />;
  // The whole page meanwhile: its main landmark, and the message its level-one heading (axe landmark-one-main,
  // page-has-heading-one), styled as the line it always was.
  return (
    <main className="app-gate">
      <div role="status" aria-live="polite" className="app-gate-message">
        <h1 className="app-status-heading">{checkFailed ? t('sessionCheckFailed') : tCommon('app.checkingAuth')}</h1>
      </div>
      {checkFailed && (
        <Button variant="primary" onClick={() => void checkSession()}>
          {t('retry')}
        </Button>
      )}
    </main>
  );
}
