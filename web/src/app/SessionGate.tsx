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
  return (
    <div className="app-gate">
      <p role="status" aria-live="polite" className="app-gate-message">
        {checkFailed ? t('sessionCheckFailed') : tCommon('app.checkingAuth')}
      </p>
      {checkFailed && (
        <Button variant="primary" onClick={() => void checkSession()}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
