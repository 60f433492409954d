import { useState, type ReactNode } from 'react';
import { useNetworkStatus } from '../api/network-status';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { secondsUntil, useSecondsUntil } from './use-countdown';
import './layout.css';

/**
 * Spec §2 banners under the top bar: purple "You are offline…" while the browser is offline (a
 * polite status), red "You are rate limited. Retrying in Ns." counting down each second (an alert).
 */
export function Banners() {
  const online = useNetworkStatus((state) => state.online);
  const rateLimitedUntil = useNetworkStatus((state) => state.rateLimitedUntil);
  return (
    <div className="banners">
      {!online && <OfflineBanner />}
      {rateLimitedUntil !== null && <RateLimitBanner key={rateLimitedUntil} until={rateLimitedUntil} />}
    </div>
  );
}

function OfflineBanner() {
  const { t } = useMessages('common', commonMessages);
  return (
    <Banner
      tone="offline"
      role="status"
      icon={<path d="M2.5 7.5a11 11 0 0 1 15 0M5 10.4a7.2 7.2 0 0 1 10 0M7.6 13.2a3.4 3.4 0 0 1 4.8 0M3 3l14 14" />}
    >
      {t('banners.offline')}
    </Banner>
  );
}

/** Keyed by `until`: a new rate limit is a new banner (and a new announcement). */
function RateLimitBanner({ until }: { until: number }) {
  const { t } = useMessages('common', commonMessages);
  const seconds = useSecondsUntil(until);
  // Screen readers hear the sentence once, with the first count; the visible countdown ticks silently.
  const [firstCount] = useState(() => secondsUntil(until, Date.now()));
  if (seconds <= 0) return null;
  return (
    <Banner
      tone="rate-limit"
      role="alert"
      icon={
        <>
          <circle cx="10" cy="10" r="7.5" />
          <path d="M10 5.5V10l3 2" />
        </>
      }
    >
      <span aria-hidden="true" data-testid="rate-limit-countdown">
        {t('banners.rateLimited', { count: seconds })}
      </span>
      <span className="visually-hidden">{t('banners.rateLimited', { count: firstCount })}</span>
    </Banner>
  );
}

interface BannerProps {
  tone: 'offline' | 'rate-limit';
  role: 'status' | 'alert';
  /** The shapes of the 20 px line icon. */
  icon: ReactNode;
  children: ReactNode;
}

function Banner({ tone, role, icon, children }: BannerProps) {
  return (
    <div className={`banner banner--${tone}`} role={role}>
      <svg
        className="banner__icon"
        viewBox="0 0 20 20"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        aria-hidden="true"
      >
        {icon}
      </svg>
      <p className="banner__text">{children}</p>
    </div>
  );
}
