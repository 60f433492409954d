/**
 * RFC 9457 problem details with the reason codes of the product's error catalogue (spec §8)
 * plus our own (ARCHITECTURE §6). `type` is `/problems/<reason>`.
 */

interface CatalogueEntry {
  status: number;
  title: string;
  detail: string;
}

export const PROBLEM_CATALOGUE = {
  validation: { status: 400, title: 'Please check your input', detail: 'Some fields need correction.' },
  unauthorized: { status: 401, title: 'Authentication required', detail: 'Please log in to continue.' },
  forbidden: { status: 403, title: 'Not allowed', detail: 'You do not have permission to perform this action.' },
  tier_cap: { status: 403, title: 'Not available on your plan', detail: 'Your plan does not include this option.' },
  not_found: { status: 404, title: 'Not found', detail: 'The requested resource does not exist.' },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    detail: 'This address does not accept this method.',
  },
  conflict: { status: 409, title: 'Conflict', detail: 'The request conflicts with a current state.' },
  idempotency_key_reuse: {
    status: 422,
    title: 'Idempotency key reused',
    detail: 'This Idempotency-Key was already used with a different request.',
  },
  insufficient_credits: {
    status: 402,
    title: 'Insufficient credits',
    detail: 'You do not have enough credits for this action.',
  },
  quota_exceeded: { status: 429, title: 'Quota exceeded', detail: 'You have used up your allowance for now.' },
  rate_limited: { status: 429, title: 'Too many requests', detail: 'Please wait a moment before trying again.' },
  timeout: { status: 504, title: 'Timeout', detail: 'The request timed out. Please try again.' },
  service_unavailable: {
    status: 503,
    title: 'Service temporarily unavailable',
    detail: 'The service is temporarily unavailable. Please try again shortly.',
  },
  banking_unavailable: { status: 503, title: 'Payments unavailable', detail: 'Payments are unavailable right now.' },
  banking_timeout: { status: 504, title: 'Payments timeout', detail: 'The payment provider did not answer in time.' },
  banking_http: { status: 502, title: 'Payments error', detail: 'The payment provider returned an error.' },
  proxy_error: { status: 502, title: 'Upstream error', detail: 'A service behind the gateway could not be reached.' },
  backend_http: { status: 502, title: 'Service error', detail: 'A service behind the gateway returned an error.' },
  egress_host_not_allowlisted: {
    status: 403,
    title: 'Blocked destination',
    detail: 'That destination is not on the list of allowed hosts.',
  },
  ssrf_blocked: { status: 403, title: 'Blocked request', detail: 'Requests to internal addresses are not allowed.' },
  aiproxy_error: { status: 502, title: 'Provider error', detail: 'The video provider returned an error.' },
  db_transient: {
    status: 503,
    title: 'Temporary issue',
    detail: 'A temporary storage problem occurred. Please retry.',
  },
  s3_timeout: {
    status: 504,
    title: 'Storage timeout',
    detail: 'The file storage did not answer in time. Please retry.',
  },
  payload_too_large: { status: 413, title: 'Request too large', detail: 'The request body is too large.' },
  request_timeout: {
    status: 408,
    title: 'Request time-out',
    detail: 'The request was not received in time. Please try again.',
  },
  headers_too_large: {
    status: 431,
    title: 'Request headers too large',
    detail: 'The request headers are too large.',
  },
  unknown: { status: 500, title: 'Unexpected error', detail: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ProblemReason = keyof typeof PROBLEM_CATALOGUE;

export const problemType = (reason: ProblemReason): string => `/problems/${reason}`;

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  correlationId?: string;
  errors?: Record<string, string>;
  [extension: string]: unknown;
}

export interface ProblemOptions {
  detail?: string;
  /** Overrides the catalogue's status (e.g. the breaker's 503 on a reason with another default). */
  status?: number;
  title?: string;
  errors?: Record<string, string>;
  /** Extra members, e.g. `retryAfterSeconds`. */
  extensions?: Record<string, unknown>;
}

/** Throw this from a route or use case; the error handler turns it into a problem response. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors?: Record<string, string>;
  readonly extensions?: Record<string, unknown>;

  constructor(
    readonly reason: ProblemReason,
    options: ProblemOptions = {},
  ) {
    const entry: CatalogueEntry = PROBLEM_CATALOGUE[reason];
    super(options.detail ?? entry.detail);
    this.name = 'HttpProblem';
    this.status = options.status ?? entry.status;
    this.title = options.title ?? entry.title;
    this.detail = options.detail ?? entry.detail;
    this.errors = options.errors;
    this.extensions = options.extensions;
  }

  toBody(correlationId?: string): ProblemBody {
    return {
      ...this.extensions,
      type: problemType(this.reason),
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...(correlationId ? { correlationId } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const isProblemReason = (value: unknown): value is ProblemReason =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(PROBLEM_CATALOGUE, value);
