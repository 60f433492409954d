import { context, trace } from '@opentelemetry/api';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { currentCorrelationId } from './correlation';

export type { Logger } from 'pino';

/**
 * Paths whose values never reach a log line. pino's `*` matches one level, so each secret is
 * listed at the depths our code logs it (top level, inside `req`/`res`, inside a header bag).
 */
const SECRET_KEYS = [
  'password',
  'secret',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'clientSecret',
  'apiKey',
  'authorization',
  'cookie',
  'cookies',
  'sessionId',
  'csrfToken',
  'code_verifier',
];
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'x-internal-token',
  'proxy-authorization',
];

export const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ...SECRET_HEADERS.flatMap((header) => [
    `headers["${header}"]`,
    `req.headers["${header}"]`,
    `res.headers["${header}"]`,
    `*.headers["${header}"]`,
  ]),
];

export interface CreateLoggerOptions {
  service: string;
  level?: string;
  /** Where lines go; stdout by default (tests pass a stream to read them back). */
  destination?: pino.DestinationStream;
}

/** A pino logger stamping `service`, `traceId`, `spanId` and `correlationId` on every line. */
export function createLogger({
  service,
  level = process.env.LOG_LEVEL ?? 'info',
  destination,
}: CreateLoggerOptions): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const span = trace.getSpan(context.active())?.spanContext();
      const correlationId = currentCorrelationId();
      return {
        ...(span && trace.isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {}),
        ...(correlationId ? { correlationId } : {}),
      };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
