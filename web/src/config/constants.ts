import { MAX_RESOLUTION_OF_PLAN, type Tier } from '@kadr/contracts/values';

/**
 * Every number of the product spec (sections 4, 7, 8 and 9) that the web app acts on, named and
 * in one place. Durations are milliseconds unless the name says otherwise. What the services
 * decide (languages, tiers, durations, the prompt limit, plan caps) comes from
 * `@kadr/contracts/values`, never copied here by hand.
 */

// ---------------------------------------------------------------- API client (spec §7, §9)
/** Every request is abandoned after this long. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Retry helper defaults: retries after the first attempt, base and cap of the exponential backoff (with jitter). */
export const RETRY_MAX_RETRIES = 2;
export const RETRY_BASE_DELAY_MS = 300;
export const RETRY_MAX_DELAY_MS = 3_000;
/** Circuit breaker per endpoint: consecutive failures that open it, and how long it stays open. */
export const BREAKER_FAILURE_THRESHOLD = 5;
export const BREAKER_OPEN_MS = 30_000;
/** A 429 without `Retry-After` waits this long before the queued request is retried. */
export const RATE_LIMIT_FALLBACK_WAIT_MS = 1_000;
// The spec's 24 h idempotency cache is the gateway's (IDEMPOTENCY_TTL_HOURS): the client only sends the key.
/** A request waits out at most this many 429 answers in the queue before it gives up with `rate_limited`. */
export const RATE_LIMIT_MAX_WAITS = 3;
/** `GET /health` interval, and the event-stream probe's abort. */
export const HEALTH_CHECK_INTERVAL_MS = 60_000;
export const HEALTH_STREAM_PROBE_ABORT_MS = 800;

// ---------------------------------------------------------------- session (spec §4, §9)
/** Optional session polling (off unless enabled). */
export const SESSION_POLL_INTERVAL_MS = 60_000;
/** After user activity, the session is checked again once this long has passed since the last check. */
export const SESSION_ACTIVITY_RECHECK_MS = 120_000;
/** Top-bar data: a repeat call within this window is ignored (concurrent calls merge into one). */
export const TOP_BAR_REFRESH_DEBOUNCE_MS = 800;
/** The user-summary call retries (on timeout, 503, proxy, backend, network and 429) this often from this base. */
export const USER_SUMMARY_MAX_RETRIES = 2;
export const USER_SUMMARY_RETRY_BASE_MS = 300;

// ---------------------------------------------------------------- live job status (spec §4, §9)
export const EVENT_RECONNECT_DELAY_MS = 2_000;
/** Jobs fetched to (re-)seed the live list, and the active list's take. */
export const JOB_SEED_TAKE = 20;
export const ACTIVE_JOBS_TAKE = 20;
export const RECENT_COMPLETED_CAP = 12;
/**
 * Queue places and time estimates (`queue` of `GET /jobs/active`, recomputed by the server at most once
 * a second): read again this long after a job event, and at this interval while a job is PENDING.
 */
export const QUEUE_REFRESH_DEBOUNCE_MS = 1_000;
export const QUEUE_POLL_INTERVAL_MS = 15_000;
/** Gallery reloads after a job completes: at once, then after these delays. */
export const GALLERY_REFRESH_DELAYS_MS = [0, 800, 2_500] as const;
/**
 * A job's page reads its receipt again when the stream says the job ended; commerce settles the hold
 * a moment after, so a receipt still "held" then is re-read at this interval for at most this long.
 */
export const JOB_RECEIPT_POLL_INTERVAL_MS = 1_000;
export const JOB_RECEIPT_POLL_TIMEOUT_MS = 15_000;

// ---------------------------------------------------------------- notifications (issue 20)
/** The inbox keeps the user's last 50 notifications (the server's list; a live arrival drops the oldest). */
export const INBOX_SIZE = 50;

// ---------------------------------------------------------------- lists
export const GALLERY_PAGE_SIZE = 12;
/** Lines a page of the credit history (`/billing`; the ledger's default take). */
export const BILLING_LEDGER_PAGE_SIZE = 20;
/** Orders per page of `/billing`'s order history. */
export const BILLING_ORDERS_PAGE_SIZE = 10;
export const ADMIN_USERS_DEFAULT_TAKE = 50;

// ---------------------------------------------------------------- toasts (spec §8, §9)
export const TOAST_DEFAULT_DURATION_MS = 4_000;
export const TOAST_ERROR_DURATION_MS = 6_000;
export const TOAST_MAX_KEPT = 10;
export const TOAST_DEDUPE_WINDOW_MS = 5_000;

// ---------------------------------------------------------------- data cache (spec §8, §9)
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 10 * 60_000;
export const QUERY_RETRY_BASE_DELAY_MS = 1_000;
export const QUERY_RETRY_JITTER_MS = 250;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
/** Queries retry other failures up to this many times; 404, 401 and 403 never. */
export const QUERY_MAX_RETRIES = 3;
export const MUTATION_MAX_RETRIES = 1;
export const QUERY_NO_RETRY_STATUSES = [401, 403, 404] as const;
/** Cache persistence to local storage. */
export const QUERY_PERSIST_THROTTLE_MS = 1_000;
export const QUERY_PERSIST_MAX_AGE_MS = 60 * 60_000;
export const QUERY_PERSIST_VERSION = 'v1';

// ---------------------------------------------------------------- telemetry and consent (spec §9)
export const METRICS_FLUSH_INTERVAL_MS = 60_000;
export const CONSENT_DEFAULTS = { analytics: true, remoteLogs: false } as const;

// ---------------------------------------------------------------- product vocabulary (spec §1, §2, §9)
export {
  LANGUAGE_CODES as LANGUAGES,
  DEFAULT_LANGUAGE,
  TIERS,
  JOB_DURATIONS as JOB_DURATIONS_SECONDS,
} from '@kadr/contracts/values';
export type { LanguageCode as Language, Tier as TierLabel } from '@kadr/contracts/values';
export const DEFAULT_TIER: Tier = 'FREE';
export const THUMBNAIL_ASPECT_RATIO = '16 / 9';
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
/** The theme toggle's order. */
export const THEME_TOGGLE_CYCLE: readonly ThemeMode[] = ['dark', 'light', 'system'];

// ---------------------------------------------------------------- plans (spec §9)
/**
 * The plans' quotas as the terms of service state them: generations per monthly period (null =
 * unlimited) and the resolution cap (the contract's `MAX_RESOLUTION_OF_PLAN`). Screens that sell
 * plans read them from `GET …/commerce/plans`.
 */
export const PLAN_QUOTAS = {
  starter: { monthlyGenerations: 50, maxResolution: MAX_RESOLUTION_OF_PLAN.starter },
  pro: { monthlyGenerations: 500, maxResolution: MAX_RESOLUTION_OF_PLAN.pro },
  // Widened to number | null so the terms' wording covers a limited enterprise quota too.
  enterprise: { monthlyGenerations: null as number | null, maxResolution: MAX_RESOLUTION_OF_PLAN.enterprise },
} as const;

// ---------------------------------------------------------------- generator and dashboard (jobs service rules)
/** The jobs service's prompt limit: 1–1000 characters after trimming. */
export { PROMPT_MAX_LENGTH } from '@kadr/contracts/values';
/** The dashboard's "Recent videos" strip shows the newest this many of the gallery's first page. */
export const DASHBOARD_RECENT_VIDEOS_SHOWN = 4;

// ---------------------------------------------------------------- payments (web/src/features/commerce)
/** The payment-success page asks for the order's status this often… */
export const PAYMENT_STATUS_POLL_INTERVAL_MS = 2_000;
/** …for at most this long, then offers "Check again" (the payment may still be confirmed later). */
export const PAYMENT_STATUS_POLL_TIMEOUT_MS = 60_000;
/** After an order is paid, the balance (or plan) is re-read at the poll interval until the grant shows, at most this long. */
export const PAYMENT_GRANT_WAIT_MS = 30_000;
/** Where the Enterprise plan's "Contact us" leads: the operator's contact section of the terms. */
export const ENTERPRISE_CONTACT_PATH = '/regulamin#contact';
