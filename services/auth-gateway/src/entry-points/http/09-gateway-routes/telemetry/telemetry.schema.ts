import {
  ANALYTICS_EVENT_NAMES,
  TELEMETRY_CORRELATION_ID_PATTERN,
  TELEMETRY_DURATION_MAX_MS,
  TELEMETRY_HTTP_METHODS,
  TELEMETRY_ID_MAX_CHARS,
  TELEMETRY_MAX_ITEMS_PER_KIND,
  TELEMETRY_MAX_PROPS,
  TELEMETRY_MESSAGE_MAX_CHARS,
  TELEMETRY_PAGE_PATH_PATTERN,
  TELEMETRY_PATH_MAX_CHARS,
  TELEMETRY_PROP_KEY_PATTERN,
  TELEMETRY_PROP_VALUE_MAX_CHARS,
  TELEMETRY_STACK_MAX_CHARS,
  WEB_VITAL_NAMES,
  WEB_VITAL_RATINGS,
  type TelemetryAccepted as SharedTelemetryAccepted,
  type TelemetryBatch as SharedTelemetryBatch,
} from '@kadr/contracts';
import { z } from 'zod';

/**
 * `POST /bff/telemetry`: what a signed-in browser reports. The type, limits and names are
 * `@kadr/contracts/values` (`values/telemetry.ts`), which the web app builds its batches from;
 * this schema is built from them, and the compiler checks below that it parses exactly that type.
 * Strict and small on purpose: bounded item counts, capped strings, flat maps of at most ten
 * scalars — a client can neither grow our label sets nor hand us a payload to store.
 */

export { ANALYTICS_EVENT_NAMES, TELEMETRY_MAX_ITEMS_PER_KIND };

const Timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

const Props = z
  .record(
    z.string().regex(TELEMETRY_PROP_KEY_PATTERN, { error: 'keys must be 1 to 32 letters, digits or "_"' }),
    z.union([z.string().max(TELEMETRY_PROP_VALUE_MAX_CHARS), z.number(), z.boolean()], {
      error: `values must be strings of at most ${TELEMETRY_PROP_VALUE_MAX_CHARS} characters, numbers or booleans`,
    }),
  )
  .refine((props) => Object.keys(props).length <= TELEMETRY_MAX_PROPS, {
    error: `at most ${TELEMETRY_MAX_PROPS} properties`,
  });

const WebVitalSchema = z.strictObject({
  type: z.literal('web_vital'),
  name: z.enum(WEB_VITAL_NAMES),
  /** Milliseconds; CLS is a score (0 and up, in practice below 10). */
  value: z.number().min(0).max(TELEMETRY_DURATION_MAX_MS),
  rating: z.enum(WEB_VITAL_RATINGS),
});

const ApiLatencySchema = z.strictObject({
  type: z.literal('api_latency'),
  method: z.enum(TELEMETRY_HTTP_METHODS).optional(),
  /** A path (ids allowed); mapped to a route template of a fixed list before it becomes a label. */
  endpoint: z
    .string()
    .min(1)
    .max(TELEMETRY_PATH_MAX_CHARS)
    .startsWith('/', { error: 'must be a path starting with /' }),
  /** 0 = no answer (network error, time-out). */
  status: z.union([z.literal(0), z.number().int().min(100).max(599)], { error: 'must be 0 or 100 to 599' }),
  ms: z.number().min(0).max(TELEMETRY_DURATION_MAX_MS),
});

export const TelemetryMetricSchema = z.discriminatedUnion('type', [WebVitalSchema, ApiLatencySchema]);

export const AnalyticsEventSchema = z.strictObject({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'is not a known analytics event' }),
  props: Props.optional(),
  at: Timestamp,
});

export const ClientLogEntrySchema = z.strictObject({
  message: z.string().min(1).max(TELEMETRY_MESSAGE_MAX_CHARS),
  stack: z.string().max(TELEMETRY_STACK_MAX_CHARS).optional(),
  correlationId: z
    .string()
    .regex(TELEMETRY_CORRELATION_ID_PATTERN, { error: 'must be 1 to 128 letters, digits or . _ : -' })
    .optional(),
  path: z
    .string()
    .max(TELEMETRY_PATH_MAX_CHARS)
    .regex(TELEMETRY_PAGE_PATH_PATTERN, { error: 'must be a path without query or hash' })
    .optional(),
  context: Props.optional(),
  at: Timestamp,
});

export const TelemetryBatchSchema = z
  .strictObject({
    context: z.strictObject({
      userId: z.string().min(1).max(TELEMETRY_ID_MAX_CHARS),
      tenantId: z.string().min(1).max(TELEMETRY_ID_MAX_CHARS).nullable(),
    }),
    metrics: z.array(TelemetryMetricSchema).max(TELEMETRY_MAX_ITEMS_PER_KIND).optional(),
    analytics: z.array(AnalyticsEventSchema).max(TELEMETRY_MAX_ITEMS_PER_KIND).optional(),
    logs: z.array(ClientLogEntrySchema).max(TELEMETRY_MAX_ITEMS_PER_KIND).optional(),
  })
  .meta({ id: 'TelemetryBatch' });
export type TelemetryBatch = SharedTelemetryBatch;

export const TelemetryAcceptedSchema = z
  .object({
    accepted: z.object({
      metrics: z.number().int().min(0),
      analytics: z.number().int().min(0),
      logs: z.number().int().min(0),
    }),
  })
  .meta({ id: 'TelemetryAccepted' });
export type TelemetryAccepted = SharedTelemetryAccepted;

// The schemas parse exactly the shared types (the same type, optional fields and all): a field
// added, removed or retyped on one side only fails the typecheck here.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const parsesTheSharedBatch: Same<z.infer<typeof TelemetryBatchSchema>, SharedTelemetryBatch> = true;
const answersTheSharedAnswer: Same<z.infer<typeof TelemetryAcceptedSchema>, SharedTelemetryAccepted> = true;
void parsesTheSharedBatch;
void answersTheSharedAnswer;
