import {
  TELEMETRY_CORRELATION_ID_PATTERN,
  TELEMETRY_MAX_PROPS,
  TELEMETRY_MESSAGE_MAX_CHARS,
  TELEMETRY_PATH_MAX_CHARS,
  TELEMETRY_PROP_KEY_PATTERN,
  TELEMETRY_PROP_VALUE_MAX_CHARS,
  TELEMETRY_STACK_MAX_CHARS,
  type ClientLogEntry,
  type TelemetryProps,
} from '@kadr/contracts/values';

/**
 * Turns what the app hands to telemetry into what the gateway accepts (the limits of `@kadr/contracts/values`):
 * cut, never refused — a report that would earn a 400 would take the whole batch down with it.
 */

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Values the app may pass: scalars; undefined and null are left out, like anything not scalar. */
export type LooseProps = Record<string, string | number | boolean | null | undefined>;

/** At most 10 well-named keys with scalar values, strings cut to 100 characters. */
export function shapeProps(props: LooseProps | undefined): TelemetryProps | undefined {
  if (!props) return undefined;
  const shaped: TelemetryProps = {};
  let count = 0;
  for (const [key, value] of Object.entries(props)) {
    if (count >= TELEMETRY_MAX_PROPS) break;
    if (!TELEMETRY_PROP_KEY_PATTERN.test(key)) continue;
    if (typeof value === 'string') shaped[key] = truncate(value, TELEMETRY_PROP_VALUE_MAX_CHARS);
    else if (typeof value === 'number' && Number.isFinite(value)) shaped[key] = value;
    else if (typeof value === 'boolean') shaped[key] = value;
    else continue;
    count += 1;
  }
  return count > 0 ? shaped : undefined;
}

/** The page's path — never its query or hash, which may carry ids, search terms or tokens. */
export function currentPagePath(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return truncate(window.location.pathname || '/', TELEMETRY_PATH_MAX_CHARS);
}

/** A context for an error report: scalars, plus React's component stack (which goes with the stack). */
export type ErrorContext = LooseProps & { componentStack?: string };

/**
 * The report of something thrown. Errors give their name, message and stack; API errors (duck
 * typed, so telemetry needs no api import) add their reason, status and correlation id; anything
 * else thrown is named by its type only — it is not serialised, it may hold anything.
 */
export function toClientLogEntry(error: unknown, context: ErrorContext | undefined, at: Date): ClientLogEntry {
  const { componentStack, ...scalars } = context ?? {};
  const apiLike = describeApiError(error);
  const entry: ClientLogEntry = {
    message: truncate(messageOf(error), TELEMETRY_MESSAGE_MAX_CHARS),
    at: at.toISOString(),
  };
  const stack = [
    error instanceof Error ? error.stack : undefined,
    componentStack ? `Component stack:${componentStack}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
  if (stack) entry.stack = truncate(stack, TELEMETRY_STACK_MAX_CHARS);
  if (apiLike?.correlationId) entry.correlationId = apiLike.correlationId;
  const path = currentPagePath();
  if (path) entry.path = path;
  const props = shapeProps({ ...(apiLike ? { reason: apiLike.reason, status: apiLike.status } : {}), ...scalars });
  if (props) entry.context = props;
  return entry;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  if (typeof error === 'string' && error) return error;
  return `Non-error value thrown (${error === null ? 'null' : typeof error})`;
}

function describeApiError(error: unknown): { reason?: string; status?: number; correlationId?: string } | undefined {
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const fields = error as Error & { reason?: unknown; status?: unknown; correlationId?: unknown };
  return {
    reason: typeof fields.reason === 'string' ? fields.reason : undefined,
    status: typeof fields.status === 'number' ? fields.status : undefined,
    correlationId:
      typeof fields.correlationId === 'string' && TELEMETRY_CORRELATION_ID_PATTERN.test(fields.correlationId)
        ? fields.correlationId
        : undefined,
  };
}
