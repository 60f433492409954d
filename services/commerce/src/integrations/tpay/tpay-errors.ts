import { HttpProblem } from '@kadr/http-kit';
import { EgressError } from './egress';

/** Tpay answered with an error status. */
export class TpayHttpError extends Error {
  constructor(
    readonly status: number,
    readonly operation: string,
  ) {
    super(`Tpay ${operation} answered ${status}`);
    this.name = 'TpayHttpError';
  }
}

/** Tpay answered 2xx with something we cannot use. */
export class TpayResponseError extends Error {
  constructor(
    readonly operation: string,
    detail: string,
  ) {
    super(`Tpay ${operation}: ${detail}`);
    this.name = 'TpayResponseError';
  }
}

/** A short code for the diagnostics' last error (never a secret, never a body). */
export function failureReasonOf(error: unknown): string {
  if (error instanceof EgressError) return error.failure;
  if (error instanceof TpayHttpError) return `http_${error.status}`;
  if (error instanceof TpayResponseError) return 'bad_response';
  return 'unknown';
}

/** The catalogue's banking problems: time-outs → banking_timeout, refusals and bad answers → banking_http, the rest → banking_unavailable. */
export function toBankingProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof EgressError && error.failure === 'timeout') {
    return new HttpProblem('banking_timeout', { detail: 'The payment provider did not answer in time.' });
  }
  if (error instanceof TpayHttpError || error instanceof TpayResponseError) {
    return new HttpProblem('banking_http', { detail: 'The payment provider refused the request.' });
  }
  return new HttpProblem('banking_unavailable', { detail: 'The payment provider cannot be reached right now.' });
}
