import { commonMessages } from '../i18n/common-messages';
import { formatNumber } from '../i18n/format';
import { useMessages } from '../i18n/use-messages';

export interface ProgressBarProps {
  /** 0–100; `null` for an unknown amount (indeterminate: no aria-valuenow). */
  value: number | null;
  /** Accessible name, e.g. "Generating video"; defaults to "Progress". */
  label?: string;
  /** Shows the percentage next to the bar. */
  showValue?: boolean;
  size?: 'sm' | 'md';
  tone?: 'accent' | 'success' | 'danger';
  className?: string;
}

/** A determinate (or indeterminate) progress bar with role=progressbar and its value for assistive tech. */
export function ProgressBar({ value, label, showValue, size = 'md', tone = 'accent', className }: ProgressBarProps) {
  const { t } = useMessages('common', commonMessages);
  const clamped = value === null || Number.isNaN(value) ? null : Math.min(100, Math.max(0, value));
  const percent =
    clamped === null ? undefined : formatNumber(clamped / 100, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div
      className={['ui-progress', `ui-progress--${size}`, `ui-progress--${tone}`, className].filter(Boolean).join(' ')}
    >
      <div
        role="progressbar"
        aria-label={label ?? t('ui.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped === null ? undefined : Math.round(clamped)}
        aria-valuetext={percent}
        className={['ui-progress__track', clamped === null && 'ui-progress__track--indeterminate']
          .filter(Boolean)
          .join(' ')}
      >
        <div className="ui-progress__fill" style={clamped === null ? undefined : { width: `${clamped}%` }} />
      </div>
      {showValue && percent && (
        <span className="ui-progress__value" aria-hidden="true">
          {percent}
        </span>
      )}
    </div>
  );
}
