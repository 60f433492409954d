import { useMessages } from '../i18n/use-messages';
import { commonMessages } from '../i18n/common-messages';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; defaults to "Loading…". */
  label?: string;
  /** Inside a control that already says it is busy (a loading button): hidden from assistive tech. */
  decorative?: boolean;
  className?: string;
}

/** A rotating ring. Not decorative by default: it is a status with its own accessible label. */
export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const { t } = useMessages('common', commonMessages);
  const classes = ['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ');
  if (decorative) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className="ui-spinner-wrap">
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('ui.loading')}</span>
    </span>
  );
}
