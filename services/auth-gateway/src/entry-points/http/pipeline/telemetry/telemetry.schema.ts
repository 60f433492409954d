import { z } from 'zod';

/**
 * `POST /bff/telemetry`: what a signed-in browser reports. Mirrored by the web app's
 * `web/src/telemetry/telemetry-batch.ts` (type and limits; change both). Strict and small on
 * purpose: bounded item counts, capped strings, flat maps of at most ten scalars — a client can
 * neither grow our label sets nor hand us a payload to store.
 */

export const TELEMETRY_MAX_ITEMS_PER_KIND = 100;
const MESSAGE_MAX = 500;
const STACK_MAX = 2_000;
const PATH_MAX = 200;
const PROP_VALUE_MAX = 100;
const MAX_PROPS = 10;
/** Ten minutes: no real page load, interaction or request takes longer. */
const DURATION_MAX_MS = 600_000;

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

export const WEB_VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const Timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

const Props = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, { error: 'keys must be 1 to 32 letters, digits or "_"' }),
    z.union([z.string().max(PROP_VALUE_MAX), z.number(), z.boolean()], {
      error: `values must be strings of at most ${PROP_VALUE_MAX} characters, numbers or booleans`,
    }),
  )
  .refine((props) => Object.keys(props).length <= MAX_PROPS, { error: `at most ${MAX_PROPS} properties` });

const WebVitalSchema = z.strictObject({
  type: z.literal('web_vital'),
  name: z.enum(WEB_VITAL_NAMES),
  /** Milliseconds; CLS is a score (0 and up, in practice below 10). */
  value: z.number().min(0).max(DURATION_MAX_MS),
  rating: z.enum(WEB_VITAL_RATINGS),
});

const ApiLatencySchema = z.strictObject({
  type: z.literal('api_latency'),
  method: z.enum(HTTP_METHODS).optional(),
  /** A path (ids allowed); mapped to a route template of a fixed list before it becomes a label. */
  endpoint: z.string().min(1).max(PATH_MAX).startsWith('/', { error: 'must be a path starting with /' }),
  /** 0 = no answer (network error, time-out). */
  status: z.union([z.literal(0), z.number().int().min(100).max(599)], { error: 'must be 0 or 100 to 599' }),
  ms: z.number().min(0).max(DURATION_MAX_MS),
});

export const TelemetryMetricSchema = z.discriminatedUnion('type', [WebVitalSchema, ApiLatencySchema]);

export const AnalyticsEventSchema = z.strictObject({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'is not a known analytics event' }),
  props: Props.optional(),
  at: Timestamp,
});

export const ClientLogEntrySchema = z.strictObject({
  message: z.string().min(1).max(MESSAGE_MAX),
  stack: z.string().max(STACK_MAX).optional(),
  correlationId: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: 'must be 1 to 128 letters, digits or . _ : -' })
    .optional(),
  path: z
    .string()
    .max(PATH_MAX)
    .regex(/^\/[^?#\s]*$/, { error: 'must be a path without query or hash' })
    .optional(),
  context: Props.optional(),
  at: Timestamp,
});

export const TelemetryBatchSchema = z
  .strictObject({
    context: z.strictObject({
      userId: z.string().min(1).max(128),
      tenantId: z.string().min(1).max(128).nullable(),
    }),
    metrics: z.array(TelemetryMetricSchema).max(TELEMETRY_MAX_ITEMS_PER_KIND).optional(),
    analytics: z.array(AnalyticsEventSchema).max(TELEMETRY_MAX_ITEMS_PER_KIND).optional(),
    logs: z.array(ClientLogEntrySchema).max(TELEMETRY_MAX_ITEMS_PER_KIND).optional(),
  })
  .meta({ id: 'TelemetryBatch' });
export type TelemetryBatch = z.infer<typeof TelemetryBatchSchema>;

export const TelemetryAcceptedSchema = z
  .object({
    accepted: z.object({
      metrics: z.number().int().min(0),
      analytics: z.number().int().min(0),
      logs: z.number().int().min(0),
    }),
  })
  .meta({ id: 'TelemetryAccepted' });
export type TelemetryAccepted = z.infer<typeof TelemetryAcceptedSchema>;
