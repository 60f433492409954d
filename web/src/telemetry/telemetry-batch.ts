/**
 * The body of `POST /bff/telemetry` and its answer — the wire format the gateway validates
 * (services/auth-gateway/src/entry-points/http/pipeline/telemetry.schema.ts mirrors it; change both).
 * Type-only for the api layer (`postTelemetry(batch)`); the limits are what the gateway enforces,
 * so the client trims to them and never earns a 400.
 */

/** The gateway refuses more than this many items of one kind in one batch; the client queues no more either. */
export const TELEMETRY_MAX_ITEMS_PER_KIND = 100;
/** Caps of the free text of a client log entry and of a property value (longer text is cut, not refused). */
export const TELEMETRY_MESSAGE_MAX_CHARS = 500;
export const TELEMETRY_STACK_MAX_CHARS = 2_000;
export const TELEMETRY_PATH_MAX_CHARS = 200;
export const TELEMETRY_PROP_VALUE_MAX_CHARS = 100;
/** Properties of one event or log context: at most this many, keys `[A-Za-z][A-Za-z0-9_]{0,31}`. */
export const TELEMETRY_MAX_PROPS = 10;
/**
 * A batch stays below this many bytes of JSON: the gateway's body limit is 100 kB and a `keepalive`
 * request (the flush on page hide) may carry at most 64 KiB. What does not fit waits for the next flush.
 */
export const TELEMETRY_MAX_BATCH_BYTES = 60_000;

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

/** Small flat maps only: no nested objects, no free-form payloads. */
export type TelemetryProps = Record<string, string | number | boolean>;

export const WEB_VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WebVitalMetric {
  type: 'web_vital';
  name: WebVitalName;
  /** Milliseconds, except CLS (a unitless score). */
  value: number;
  rating: WebVitalRating;
}

export interface ApiLatencyMetric {
  type: 'api_latency';
  method?: HttpMethod;
  /** The request path without query (ids may stay in: the gateway maps it to its route template). */
  endpoint: string;
  /** HTTP status; 0 when no answer came (network error, time-out, abort). */
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
