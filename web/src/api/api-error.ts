import type { ProblemReason } from './problem-catalogue';

/** Everything `ApiError` carries; built by `classifyProblem` (server answers) or `localProblem` (no answer). */
export interface ApiErrorInit {
  reason: ProblemReason;
  /** HTTP status of the answer; 0 when no answer arrived (network error, client time-out, cancelled, local check). */
  status: number;
  /** Person-readable, in the current language. */
  title: string;
  message: string;
  /** The server's own `detail` sentence, as sent (English). */
  detail?: string;
  fieldErrors?: Record<string, string>;
  correlationId?: string;
  retryAfterSeconds?: number;
  /** The problem's `type` as sent (`/problems/<reason>`). */
  type?: string;
}

/** The one error every API call rejects with: a classified problem (spec §8) ready to show. */
export class ApiError extends Error {
  readonly reason: ProblemReason;
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly fieldErrors: Record<string, string>;
  readonly correlationId?: string;
  readonly retryAfterSeconds?: number;
  readonly type?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.reason = init.reason;
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? {};
    this.correlationId = init.correlationId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.type = init.type;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The caller gave up (its signal aborted): nothing to show, nothing to retry. */
export function isCancelledError(error: unknown): boolean {
  return isApiError(error) && error.reason === 'cancelled';
}
