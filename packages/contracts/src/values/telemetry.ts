/**
 * `POST /bff/telemetry`: what a signed-in browser reports to the gateway, and its answer. The web
 * app builds its batches from these types and trims to these limits (so it never earns a 400);
 * the gateway's schema (`services/auth-gateway/.../09-gateway-routes/telemetry/telemetry.schema.ts`) is
 * built from the same limits and names and is checked to parse exactly this type. Small on
 * purpose: bounded item counts, capped strings, flat maps of at most ten scalars — a client can
 * neither grow the gateway's label sets nor hand it a payload to store.
 */

/** At most this many items of one kind in one batch (the client queues no more either). */
export const TELEMETRY_MAX_ITEMS_PER_KIND = 100;
/** Caps of the free text of a client log entry and of a property value (the client cuts longer text). */
export const TELEMETRY_MESSAGE_MAX_CHARS = 500;
export const TELEMETRY_STACK_MAX_CHARS = 2_000;
export const TELEMETRY_PATH_MAX_CHARS = 200;
export const TELEMETRY_PROP_VALUE_MAX_CHARS = 100;
/** Properties of one event or log context: at most this many, keys matching `TELEMETRY_PROP_KEY_PATTERN`. */
export const TELEMETRY_MAX_PROPS = 10;
export const TELEMETRY_PROP_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** A log entry's correlation id: 1 to 128 letters, digits or `. _ : -`. */
export const TELEMETRY_CORRELATION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
/** A log entry's path: a path without query or hash. */
export const TELEMETRY_PAGE_PATH_PATTERN = /^\/[^?#\s]*$/;
/** Ten minutes: no real page load, interaction or request takes longer (the cap of every duration). */
export const TELEMETRY_DURATION_MAX_MS = 600_000;
/** `context.userId` and `context.tenantId`: 1 to this many characters. */
export const TELEMETRY_ID_MAX_CHARS = 128;

/** The analytics events the gateway accepts (anything else is a 400): one counter label per name. */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'sign_in_started',
  'signed_out',
  'job_created',
  'job_create_failed',
  'video_played',
  'gallery_paged',
  'language_changed',
  'theme_changed',
  'checkout_started',
  'subscription_cancelled',
  'consent_changed',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const WEB_VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof WEB_VITAL_RATINGS)[number];
export const TELEMETRY_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type TelemetryHttpMethod = (typeof TELEMETRY_HTTP_METHODS)[number];

/** Small flat maps only: no nested objects, no free-form payloads. */
export type TelemetryProps = Record<string, string | number | boolean>;

export interface WebVitalMetric {
  type: 'web_vital';
  name: WebVitalName;
  /** Milliseconds, except CLS (a unitless score, 0 and up, in practice below 10). */
  value: number;
  rating: WebVitalRating;
}

export interface ApiLatencyMetric {
  type: 'api_latency';
  method?: TelemetryHttpMethod;
  /** The request path without query (ids may stay in: the gateway maps it to a route template of a fixed list). */
  endpoint: string;
  /** HTTP status (100 to 599); 0 when no answer came (network error, time-out, abort). */
  status: number;
  ms: number;
}

export type TelemetryMetric = WebVitalMetric | ApiLatencyMetric;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  props?: TelemetryProps;
  /** When it happened, ISO 8601. */
  at: string;
}

export interface ClientLogEntry {
  message: string;
  stack?: string;
  /** The correlation id of the failed request, when the error came from the API. */
  correlationId?: string;
  /** Where it happened: the page's path, never its query or hash. */
  path?: string;
  context?: TelemetryProps;
  at: string;
}

export interface TelemetryBatch {
  /**
   * Who the client queued it for. The gateway attributes by the session, never by this; a batch
   * whose `userId` is not the session's (queued before a user switch) is accepted and ignored.
   */
  context: { userId: string; tenantId: string | null };
  /** Sent only with analytics consent. */
  metrics?: TelemetryMetric[];
  /** Sent only with analytics consent. */
  analytics?: AnalyticsEvent[];
  /** Sent only with remote-logs consent. */
  logs?: ClientLogEntry[];
}

/** `202` answer: how many items of each kind were processed. */
export interface TelemetryAccepted {
  accepted: { metrics: number; analytics: number; logs: number };
}
