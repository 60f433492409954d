import type {
  Allowance,
  Credits,
  LanguageCode,
  PlanId,
  Resolution,
  SubscriptionDetails,
  Tier,
  TpayDiagnostics,
} from '@kadr/contracts';

/**
 * Answers whose shape lives in the gateway (not in `@kadr/contracts`), written down from its README
 * and OpenAPI schemas; the rest are the contracts' own types.
 */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  roles: string[];
  permissions: string[];
}

/** `GET /auth/session`. */
export interface SessionAnswer {
  authenticated: boolean;
  /** Absent when signed out. */
  user?: SessionUser;
  /** The session's absolute expiry (ISO 8601); absent when signed out. */
  expiresAt?: string;
}

/** `POST /auth/logout`. */
export interface LogoutAnswer {
  ok: true;
  redirectTo: string;
}

/** `GET /bff/platform/api/auth/me`. */
export interface CurrentUserResponse {
  data: SessionUser & { tenantId: string | null };
}

/**
 * `GET /bff/platform/account/export`: everything Kadr keeps about the person (format `kadr-export/1`).
 * The web app only saves it as a file, so beyond the envelope its sections stay opaque here.
 */
export interface AccountExportAnswer {
  format: string;
  /** ISO 8601: when the gateway composed it (the file is named after its day). */
  exportedAt: string;
  user: { id: string; email: string };
  [section: string]: unknown;
}

/** `DELETE /bff/platform/account` → 202: the purge has started and every session has ended. */
export interface AccountDeletedAnswer {
  data: { userId: string; purge: 'accepted'; redirectTo: string };
}

/** `GET /bff/platform/api/users/me/summary` (ARCHITECTURE §6); `meta` only when a part is missing. */
export interface UserSummaryResponse {
  data: {
    id: string;
    tenantId: string | null;
    tier: Tier;
    plan: PlanId | null;
    preferredLanguage: LanguageCode;
    maxResolution: Resolution;
    allowance: Allowance | null;
    /** Null when the balance is unknown (shown as a dash, never as 0). */
    credits: Credits | null;
  };
  meta?: { partial: true; missing: Array<'credits' | 'subscription' | 'preferredLanguage'> };
}

/** One entry of `GET /bff/platform/api/i18n/languages`. */
export interface LanguageOption {
  code: string;
  name: string;
}

/** One entry of `GET /bff/platform/api/flags`. */
export interface FeatureFlagAnswer {
  key: string;
  enabled: boolean;
  variant: string | null;
  /** Percentage of browsers (0–100) that get the flag. */
  rollout: number;
}

/** `getThumbnail`: the URL from `data.url` or `url`; null when the answer holds neither. */
export interface ThumbnailUrl {
  url: string | null;
}

export interface TpayDiagnosticsResponse {
  data: TpayDiagnostics;
}

/** `GET /bff/platform/api/commerce/subscription` and the cancel answer. */
export interface SubscriptionDetailsResponse {
  data: SubscriptionDetails;
}

/** `DELETE /bff/platform/admin/jobs/{id}?force=true`. */
export interface AdminJobDeletedResponse {
  data: { id: string; deleted: true };
}

/** Filters of the admin Logs screen (`GET /bff/platform/admin/logs`). */
export interface AdminLogFilters {
  skip?: number;
  take?: number;
  action?: string;
  userId?: string;
  /** Inclusive ISO 8601 bounds. */
  from?: string;
  to?: string;
  kind?: 'admin_action' | 'system_event';
}

// ---------------------------------------------------------------- notifications (issue 20)
// The notifications service's answers, written down from the contract agreed for issue 20 until
// `@kadr/contracts` carries them.

/** Why a notification was made: a video of the user's finished. */
export type NotificationKind = 'job_completed' | 'job_failed';

/** One entry of the user's inbox (the last 50, newest first). */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  jobId: string;
  /** The first 200 characters of the job's prompt; may be ''. */
  prompt: string;
  /** For `job_failed`: the failure code as the ledger and the receipt write it (`cancelled`, `output_check`, …). */
  reason: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null while unread. */
  readAt: string | null;
}

/** `GET /bff/platform/api/notifications`. */
export interface NotificationInboxResponse {
  data: NotificationView[];
  unread: number;
}

/** `POST /bff/platform/api/notifications/{id}/read`. */
export interface NotificationReadResponse {
  data: NotificationView;
  unread: number;
}

/** `POST /bff/platform/api/notifications/read-all`. */
export interface NotificationsAllReadResponse {
  data: { unread: 0 };
}

/** How the user wants to hear that a video finished (both on by default). */
export interface NotificationPreferences {
  /** An e-mail when a video finishes after the user has left the site. */
  email: boolean;
  /** The browser's own notification when a video finishes while Kadr's tab is in the background. */
  browser: boolean;
}

/** `GET` and `PUT /bff/platform/api/notifications/preferences`. */
export interface NotificationPreferencesResponse {
  data: NotificationPreferences;
}

/** `POST /bff/public/notifications/unsubscribe` (no session). */
export interface UnsubscribeResponse {
  data: { email: false };
}
