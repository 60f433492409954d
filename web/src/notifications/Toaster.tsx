import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { dismissToast, pauseToast, resumeToast, useToasts, type Toast, type ToastType } from './toast-store';
import './notifications.css';

/**
 * The toast stack (bottom right; full width at the bottom on a phone). Two live regions that are
 * always in the page, so screen readers announce what is added: errors assertively, the rest
 * politely. Hovering or focusing a toast pauses its timer.
 */
export function Toaster() {
  const { t } = useMessages('common', commonMessages);
  const toasts = useToasts((state) => state.toasts);
  const errors = toasts.filter((item) => item.type === 'error');
  const others = toasts.filter((item) => item.type !== 'error');
  return (
    <section className="toaster" aria-label={t('toast.region')}>
      <ol className="toaster__list" aria-live="assertive" aria-relevant="additions text" data-testid="toasts-assertive">
        {errors.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
      <ol className="toaster__list" aria-live="polite" aria-relevant="additions text" data-testid="toasts-polite">
        {others.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useMessages('common', commonMessages);
  return (
    <li
      className={`toast toast--${toast.type}`}
      onPointerEnter={() => pauseToast(toast.id)}
      onPointerLeave={() => resumeToast(toast.id)}
      onFocus={() => pauseToast(toast.id)}
      onBlur={() => resumeToast(toast.id)}
    >
      <ToastIcon type={toast.type} />
      <p className="toast__message">
        <span className="visually-hidden">{t(`toast.${toast.type}`)}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        className="toast__dismiss"
        aria-label={t('toast.dismiss')}
        onClick={() => dismissToast(toast.id)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

const ICON_PATHS: Record<ToastType, string> = {
  success: 'M6.5 10.5l2.2 2.2 4.8-5.2',
  error: 'M10 6v4.5M10 13.6v.1',
  warning: 'M10 7v3.5M10 13.6v.1',
  info: 'M10 9v4.5M10 6.4v.1',
};

function ToastIcon({ type }: { type: ToastType }) {
  return (
    <svg className="toast__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      {type === 'warning' ? (
        <path
          d="M10 2.8l7.6 13.4H2.4L10 2.8Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      ) : (
        <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
      <path
        d={ICON_PATHS[type]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
