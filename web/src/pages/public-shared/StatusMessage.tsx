import type { ReactNode } from 'react';
import './status-message.css';

export interface StatusMessageProps {
  /** A large code or mark above the title ("403", "404"); decorative. */
  code: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A whole-page message (not authorised, not found): code, heading, explanation, the ways on. */
export function StatusMessage({ code, title, children, actions }: StatusMessageProps) {
  return (
    <div className="page status-message">
      <p className="status-message__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="status-message__title">{title}</h1>
      {children && <div className="status-message__body">{children}</div>}
      {actions && <div className="status-message__actions">{actions}</div>}
    </div>
  );
}
