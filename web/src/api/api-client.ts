import { exchange, type PreparedRequest } from './http-exchange';
import { throughBreaker } from './circuit-breakers';
import { isOnline, queueUntilOnline } from './network-status';
import { localProblem } from './problem-catalogue';
import { withRateLimitQueue } from './rate-limit-queue';
import { retryPolicyFor, type RetryOption } from './retry-policy';
import { CSRF_HEADER, readCsrfToken } from './csrf-token';

export type { RetryOption, RetryRule } from './retry-policy';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the path's query; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** State-changing requests: the key of this logical action (default: a fresh one per call). */
  idempotencyKey?: string;
  /** Breaker key; default method + path with id-like segments as `:id`. */
  endpoint?: string;
  retry?: RetryOption;
  /** `bypass`: one plain request — no HTTP cache, breaker, retries or 429 queue (the spec's "direct GET"). */
  resilience?: 'full' | 'bypass';
  /** State-changing requests made while offline wait for the connection instead of failing. */
  queueWhenOffline?: boolean;
}

const STATE_CHANGING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A fresh Idempotency-Key. Screens that let a person re-submit one logical action (a retry button
 * after a failure) keep one key and pass it again, so the server answers the first outcome.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ID_LIKE_SEGMENT = [
  /^\d+$/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^[0-9a-f]{12,}$/i,
  /^(?=.*\d)[A-Za-z0-9_-]{16,}$/,
];

/** `GET /bff/platform/jobs/3f2a…` → `GET /bff/platform/jobs/:id` (one breaker for all jobs, not one per job). */
export function endpointKeyOf(method: HttpMethod, path: string): string {
  const pathOnly = path.split(/[?#]/)[0] ?? path;
  const template = pathOnly
    .split('/')
    .map((segment) => (ID_LIKE_SEGMENT.some((pattern) => pattern.test(segment)) ? ':id' : segment))
    .join('/');
  return `${method} ${template}`;
}

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function headersFor(
  stateChanging: boolean,
  hasBody: boolean,
  idempotencyKey: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (stateChanging) {
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    // Read at every attempt: a new sign-in (in another tab) rotates the token.
    const csrf = readCsrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  return headers;
}

/**
 * The full path of a call: retries (cockatiel, only the rule's reasons) around the 429 queue around
 * the endpoint's breaker around one exchange. The retries sit outside the breaker, so an opened
 * breaker ends them at once (`circuit_open` is not retryable).
 */
function sendResilient(
  attempt: () => Promise<unknown>,
  endpoint: string,
  options: ApiRequestOptions,
): Promise<unknown> {
  const oneTry = () => withRateLimitQueue(() => throughBreaker(endpoint, attempt), options.signal);
  const policy = retryPolicyFor(options.retry);
  return policy ? policy.execute(oneTry, options.signal) : oneTry();
}

/**
 * Calls the API (spec §7): cookies, `Accept: application/json`; on POST/PUT/PATCH/DELETE a JSON body,
 * `Idempotency-Key` (the same on every retry of this call) and `X-CSRF-Token` from the `kadr_csrf`
 * cookie. Resolves with the parsed JSON (undefined for 204); rejects with an `ApiError`.
 * While offline: state-changing calls with `queueWhenOffline` wait for the connection, others fail
 * at once with `network_error`.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const stateChanging = STATE_CHANGING_METHODS.has(method);
  const idempotencyKey = stateChanging ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const bypass = options.resilience === 'bypass';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const endpoint = options.endpoint ?? endpointKeyOf(method, path);
  const url = withQuery(path, options.query);

  const attempt = () => {
    const request: PreparedRequest = {
      method,
      url,
      endpoint,
      headers: headersFor(stateChanging, body !== undefined, idempotencyKey),
      body,
      cache: bypass ? 'no-store' : undefined,
    };
    return exchange(request, options.signal);
  };
  const send = bypass ? attempt : () => sendResilient(attempt, endpoint, options);

  if (!isOnline()) {
    if (stateChanging && options.queueWhenOffline) return (await queueUntilOnline(send, options.signal)) as T;
    throw localProblem('network_error', { detail: 'The browser is offline.' });
  }
  return (await send()) as T;
}
