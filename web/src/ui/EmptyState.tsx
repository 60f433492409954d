import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A decorative icon or illustration (hidden from assistive tech). */
  icon?: ReactNode;
  /** The next step, usually a Button or ButtonLink. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing yet ("No videos yet."), with the way forward. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={['ui-empty', className].filter(Boolean).join(' ')}>
      {icon && (
        <div className="ui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="ui-empty__title">{title}</p>
      {description && <p className="ui-empty__description">{description}</p>}
      {action && <div className="ui-empty__action">{action}</div>}
    </div>
  );
}
