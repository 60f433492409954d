import { RATE_LIMIT_FALLBACK_WAIT_MS } from '../config/constants';
import { i18n } from '../i18n/i18n';
import { registerMessages } from '../i18n/use-messages';
import { ApiError } from './api-error';
import { problemMessages } from './messages';
import { parseRetryAfterSeconds } from './retry-after';

/**
 * The error catalogue (spec §8): every reason a call can fail with, and how an answer is classified
 * into one. Problem answers (RFC 9457) carry `type: /problems/<reason>` (ARCHITECTURE §6); anything
 * else is classified by its status.
 */
export const PROBLEM_REASONS = [
  // spec §8
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'timeout',
  'service_unavailable',
  'circuit_open',
  'banking_unavailable',
  'banking_timeout',
  'banking_http',
  'proxy_error',
  'backend_http',
  'egress_host_not_allowlisted',
  'ssrf_blocked',
  'aiproxy_error',
  'db_transient',
  's3_timeout',
  'network_error',
  'unknown',
  // ours (ARCHITECTURE §6; payload_too_large is the server catalogue's 413)
  'insufficient_credits',
  'tier_cap',
  'quota_exceeded',
  'idempotency_key_reuse',
  'payload_too_large',
  // the server catalogue's 405: a method the API does not document for an address
  'method_not_allowed',
  // the server catalogue's 408 and 431: Node's parser refused the request (too slow, headers too large)
  'request_timeout',
  'headers_too_large',
  // the browser's own: the caller gave up
  'cancelled',
] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** Reasons the retry helper retries by default (spec §8). */
export const RETRYABLE_REASONS: readonly ProblemReason[] = [
  'timeout',
  // The server's 408: the request did not arrive in time, nothing was done (a bare 408 was `timeout` before).
  'request_timeout',
  'service_unavailable',
  'proxy_error',
  'backend_http',
];
/** The user-summary call also retries these (spec §7 "What the product does with answers"). */
export const USER_SUMMARY_RETRY_REASONS: readonly ProblemReason[] = [
  ...RETRYABLE_REASONS,
  'network_error',
  'rate_limited',
];

/** What a bare status means when the body names no reason. */
const REASON_OF_STATUS: Readonly<Record<number, ProblemReason>> = {
  400: 'validation',
  401: 'unauthorized',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'timeout',
  409: 'conflict',
  410: 'not_found',
  413: 'payload_too_large',
  431: 'headers_too_large',
  422: 'validation',
  429: 'rate_limited',
  500: 'unknown',
  502: 'proxy_error',
  503: 'service_unavailable',
  504: 'timeout',
};

function reasonOfStatus(status: number): ProblemReason {
  const known = REASON_OF_STATUS[status];
  if (known) return known;
  return status >= 500 ? 'backend_http' : 'unknown';
}

export function isProblemReason(value: unknown): value is ProblemReason {
  return typeof value === 'string' && (PROBLEM_REASONS as readonly string[]).includes(value);
}

/** `/problems/<reason>` (also as an absolute URL) → the reason, if it is one of ours. */
function reasonOfType(type: string | undefined): ProblemReason | undefined {
  if (!type) return undefined;
  const match = /\/problems\/([a-z0-9_]+)\/?$/i.exec(type);
  const reason = match?.[1]?.toLowerCase();
  return isProblemReason(reason) ? reason : undefined;
}

// ---------------------------------------------------------------- texts

/** The English strings, for when i18next has not been started (a call made before the app's bootstrap). */
function englishText(key: string, seconds?: number): string {
  const [group, leaf] = key.split('.') as [string, string | undefined];
  const node = (problemMessages.en as Record<string, unknown>)[group];
  if (typeof node === 'string') return node;
  const entry = (node ?? problemMessages.en.unknown) as Record<string, string>;
  const text =
    leaf && entry[leaf] !== undefined
      ? entry[leaf]
      : (entry[seconds === 1 ? `${leaf}_one` : `${leaf}_other`] ?? problemMessages.en.unknown.message);
  return text.replace('{{seconds}}', String(seconds ?? ''));
}

function translate(key: string, seconds?: number): string {
  if (!i18n.isInitialized) return englishText(key, seconds);
  registerMessages('problems', problemMessages);
  const options = seconds === undefined ? { ns: 'problems' } : { ns: 'problems', count: seconds, seconds };
  return String(i18n.t(key, options));
}

/** The reason's title and message in the current language (`seconds` for rate_limited's message). */
export function problemText(
  reason: ProblemReason,
  options: { seconds?: number } = {},
): { title: string; message: string } {
  const seconds = reason === 'rate_limited' ? (options.seconds ?? RATE_LIMIT_FALLBACK_WAIT_MS / 1000) : undefined;
  return { title: translate(`${reason}.title`), message: translate(`${reason}.message`, seconds) };
}

// ---------------------------------------------------------------- classification

/** The part of `Headers` the classifier reads (a fetch `Headers` fits). */
export interface HeaderReader {
  get(name: string): string | null;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringField(record: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = record?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `errors` (field → message); non-string entries are dropped. */
function fieldErrorsOf(record: Record<string, unknown> | undefined): Record<string, string> {
  const errors = asRecord(record?.errors);
  const result: Record<string, string> = {};
  if (!errors) return result;
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') result[field] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') result[field] = message[0];
  }
  return result;
}

function readHeader(headers: HeaderReader | null | undefined, name: string): string | null {
  try {
    return headers?.get(name) ?? null;
  } catch {
    return null;
  }
}

/** The gateway's breaker answers 503 `service_unavailable` titled "Temporarily unavailable" (spec §8 "circuit open"). */
function isUpstreamCircuitOpen(reason: ProblemReason, status: number, title?: string, detail?: string): boolean {
  const says = (text?: string) => text?.trim().toLowerCase() === 'temporarily unavailable';
  return reason === 'service_unavailable' && status === 503 && (says(title) || says(detail));
}

/**
 * Turns an error answer into an `ApiError`: the reason from the problem's `type`, else from the
 * status (and field errors → validation); titles and messages from the catalogue in the current
 * language; field errors give "Please fix highlighted fields."; the correlation id from the body,
 * else the `x-correlation-id` header. Never throws: an unreadable answer becomes a status-based reason.
 */
export function classifyProblem(status: number, body: unknown, headers?: HeaderReader | null): ApiError {
  try {
    const record = asRecord(body);
    const type = stringField(record, 'type');
    const title = stringField(record, 'title');
    const detail = stringField(record, 'detail');
    const fieldErrors = fieldErrorsOf(record);
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;

    let reason = reasonOfType(type) ?? (hasFieldErrors ? 'validation' : reasonOfStatus(status));
    if (isUpstreamCircuitOpen(reason, status, title, detail)) reason = 'circuit_open';

    const bodyRetryAfter = record?.retryAfterSeconds;
    let retryAfterSeconds =
      parseRetryAfterSeconds(readHeader(headers, 'retry-after')) ??
      (typeof bodyRetryAfter === 'number' && Number.isFinite(bodyRetryAfter) && bodyRetryAfter >= 0
        ? Math.ceil(bodyRetryAfter)
        : undefined);
    if (reason === 'rate_limited') retryAfterSeconds ??= RATE_LIMIT_FALLBACK_WAIT_MS / 1000;

    const text = problemText(reason, { seconds: retryAfterSeconds });
    return new ApiError({
      reason,
      status,
      title: text.title,
      message: hasFieldErrors ? translate('fieldErrors') : text.message,
      detail,
      fieldErrors,
      correlationId: stringField(record, 'correlationId') ?? readHeader(headers, 'x-correlation-id') ?? undefined,
      retryAfterSeconds,
      type,
    });
  } catch {
    // Classifying must never fail the caller's error path (e.g. i18next not ready, odd headers).
    const reason = reasonOfStatus(status);
    return new ApiError({
      reason,
      status,
      title: englishText(`${reason}.title`),
      message: englishText(`${reason}.message`),
    });
  }
}

/** An error the browser raises itself (no answer): network, time-out, cancelled, circuit open, local validation. */
export function localProblem(
  reason: ProblemReason,
  options: { status?: number; detail?: string; fieldErrors?: Record<string, string>; correlationId?: string } = {},
): ApiError {
  const text = problemText(reason);
  const fieldErrors = options.fieldErrors ?? {};
  return new ApiError({
    reason,
    status: options.status ?? 0,
    title: text.title,
    message: Object.keys(fieldErrors).length > 0 ? translate('fieldErrors') : text.message,
    detail: options.detail,
    fieldErrors,
    correlationId: options.correlationId,
  });
}
