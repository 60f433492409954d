import type { ReactNode } from 'react';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { Button } from './Button';

export interface ErrorStateProps {
  /** The person-readable message ("Failed to load videos", an ApiError's message). */
  message: ReactNode;
  /** A heading above the message (e.g. an ApiError's title). */
  title?: ReactNode;
  /** Shown so support can find the request in the logs. */
  correlationId?: string | undefined;
  /** Shows a Retry button. */
  onRetry?: () => void;
  retrying?: boolean;
  /** Replaces the default "Retry" label. */
  retryLabel?: ReactNode;
  className?: string;
}

/** An inline failure with a way to try again; announced when it appears (role=alert). */
export function ErrorState({
  message,
  title,
  correlationId,
  onRetry,
  retrying,
  retryLabel,
  className,
}: ErrorStateProps) {
  const { t } = useMessages('common', commonMessages);
  return (
    <div role="alert" className={['ui-error-state', className].filter(Boolean).join(' ')}>
      <svg className="ui-error-state__icon" viewBox="0 0 20 20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm0-7.5a.9.9 0 0 0-.9.9v4.7a.9.9 0 0 0 1.8 0V6.4a.9.9 0 0 0-.9-.9Z"
        />
      </svg>
      <div className="ui-error-state__body">
        {title && <p className="ui-error-state__title">{title}</p>}
        <p className="ui-error-state__message">{message}</p>
        {correlationId && (
          <p className="ui-error-state__meta">
            {t('error.correlationId')}: <code className="ui-code">{correlationId}</code>
          </p>
        )}
      </div>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying} className="ui-error-state__retry">
          {retryLabel ?? t('ui.retry')}
        </Button>
      )}
    </div>
  );
}
