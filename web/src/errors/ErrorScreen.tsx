import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { Button } from '../ui/Button';
import './errors.css';

export interface ErrorScreenProps {
  /** The error's message; a generic sentence when there is none. */
  message: string | null;
  correlationId: string | null;
  /** Defaults to reloading the page. */
  onReload?: (() => void) | undefined;
}

function reloadPage(): void {
  window.location.reload();
}

/** Spec §2: "Something went wrong", the message, the correlation ID and a "Reload Page" button. */
export function ErrorScreen({ message, correlationId, onReload = reloadPage }: ErrorScreenProps) {
  const { t } = useMessages('common', commonMessages);
  return (
    <div className="error-screen" role="alert">
      <div className="error-screen__card">
        <div className="error-screen__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.7">
            <path d="M12 3.5l9 15.8H3L12 3.5Z" strokeLinejoin="round" />
            <path d="M12 10v4M12 16.8v.1" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className="error-screen__title">{t('error.title')}</h1>
        <p className="error-screen__message">{message ?? t('error.unknown')}</p>
        {correlationId && (
          <p className="error-screen__correlation">
            <span className="error-screen__correlation-label">{t('error.correlationId')}</span>{' '}
            <code className="error-screen__correlation-id">{correlationId}</code>
          </p>
        )}
        <Button variant="primary" onClick={onReload}>
          {t('error.reload')}
        </Button>
      </div>
    </div>
  );
}
