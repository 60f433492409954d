import type { ThemeMode } from '../config/constants';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { useTheme } from './theme';
import './theme.css';

export interface ThemeToggleProps {
  /** Shows the mode's name beside the icon (mobile menu). */
  showLabel?: boolean;
  className?: string;
}

/** One button cycling dark → light → system; its label says the current mode and the next one. */
export function ThemeToggle({ showLabel, className }: ThemeToggleProps) {
  const { t } = useMessages('common', commonMessages);
  const { mode, next, cycle } = useTheme();
  const label = t('theme.toggleLabel', { current: t(`theme.${mode}`), next: t(`theme.${next}`) });
  return (
    <button
      type="button"
      className={['theme-toggle', showLabel && 'theme-toggle--labelled', className].filter(Boolean).join(' ')}
      onClick={cycle}
      aria-label={label}
      title={label}
      data-mode={mode}
    >
      <ThemeIcon mode={mode} />
      {showLabel && (
        <span className="theme-toggle__text" aria-hidden="true">
          {t(`theme.${mode}`)}
        </span>
      )}
    </button>
  );
}

function ThemeIcon({ mode }: { mode: ThemeMode }) {
  const common = {
    viewBox: '0 0 20 20',
    width: 18,
    height: 18,
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
  };
  if (mode === 'dark') {
    return (
      <svg {...common}>
        <path d="M16.5 12.2A7 7 0 0 1 7.8 3.5a7 7 0 1 0 8.7 8.7Z" />
      </svg>
    );
  }
  if (mode === 'light') {
    return (
      <svg {...common}>
        <circle cx="10" cy="10" r="3.2" />
        <path d="M10 2v1.6M10 16.4V18M2 10h1.6M16.4 10H18M4.3 4.3l1.2 1.2M14.5 14.5l1.2 1.2M4.3 15.7l1.2-1.2M14.5 5.5l1.2-1.2" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="2.5" y="3.5" width="15" height="10" rx="1.6" />
      <path d="M7 17h6M10 13.5V17" />
    </svg>
  );
}
