import { ZodError, type z } from 'zod';
import { HttpProblem, isProblemReason, type ProblemReason } from './problems';

/** MongoDB driver errors that mean "try again shortly" rather than "your request is wrong". */
const TRANSIENT_DB_ERRORS = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'PoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoWaitQueueTimeoutError',
]);

function isTransientDbError(error: Error & { errorLabels?: unknown }): boolean {
  if (TRANSIENT_DB_ERRORS.has(error.name)) return true;
  const labels = error.errorLabels;
  return Array.isArray(labels) && labels.some((l) => l === 'TransientTransactionError' || l === 'RetryableWriteError');
}

/** Turns zod issues into the `errors` map (field path → message) of a validation problem. */
export function validationProblem(error: ZodError, detail = 'Some fields need correction.'): HttpProblem {
  const errors: Record<string, string> = {};
  for (const issue of error.issues.flatMap(closestBranch)) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return new HttpProblem('validation', { detail, errors });
}

/**
 * A value that matches no branch of a union (`{ planId: 'enterprise' }` against "a package or a
 * plan") is explained by the branch it came closest to — the one with strictly the fewest issues —
 * so the person reads the field's own message rather than "Invalid input". A tie keeps the union's
 * issue: no branch is the better explanation.
 */
function closestBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const sizes = issue.errors.map((branch) => branch.length);
  const fewest = Math.min(...sizes);
  if (fewest === 0 || sizes.filter((size) => size === fewest).length > 1) return [issue];
  const branch = issue.errors[sizes.indexOf(fewest)]!;
  return branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })).flatMap(closestBranch);
}

/**
 * Maps anything thrown to a problem. Known infrastructure failures keep their catalogue reason;
 * a package can opt in without this kit importing it by giving its error a
 * `problem: { status, reason }` property (blob store time-outs → 504 `s3_timeout`). Anything
 * unrecognised becomes a 500 `unknown` whose detail never repeats the internal message.
 */
export function toProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof ZodError) return validationProblem(error);
  if (!(error instanceof Error)) return new HttpProblem('unknown');

  const tagged = (error as { problem?: { status?: unknown; reason?: unknown } }).problem;
  if (tagged && isProblemReason(tagged.reason)) {
    return new HttpProblem(tagged.reason, typeof tagged.status === 'number' ? { status: tagged.status } : {});
  }
  if (isTransientDbError(error)) return new HttpProblem('db_transient');

  return malformedRequestProblem(error) ?? new HttpProblem('unknown');
}

/** The 400 for a path that does not percent-decode to UTF-8 (`/jobs/%E0%A4%A`). */
export function malformedUrlProblem(): HttpProblem {
  return new HttpProblem('validation', {
    detail: 'The address contains malformed percent-encoding.',
    errors: { path: 'must be valid percent-encoded UTF-8' },
  });
}

/** body-parser's `type`s for bodies that could not be read as sent; all the client's doing. */
const UNREADABLE_BODY_DETAIL: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'encoding.unsupported': 'The request body encoding is not supported.',
  'charset.unsupported': 'The request body encoding is not supported.',
  'request.aborted': 'The request body ended before it was complete.',
  'request.size.invalid': 'The request body does not match its Content-Length.',
};

/**
 * What a hostile or broken request makes express, body-parser or zlib throw — the client's
 * fault, never the service's, so never a 5xx (a 5xx would also count against the service in the
 * gateway's circuit breaker):
 * - a path parameter with broken percent-encoding (`/jobs/%E0%A4%A`): express 5 throws a
 *   `URIError` ("Failed to decode param") → 400;
 * - a body that is not what its headers say: bad JSON, an unknown charset or Content-Encoding, a
 *   gzip/deflate/br body that does not inflate (body-parser wraps zlib's error in a 400), a body
 *   shorter than its Content-Length or cut off → 400;
 * - a body too large (also once inflated) → 413.
 * Anything else with an `expose`d 4xx status from http-errors keeps the 400 family.
 */
function malformedRequestProblem(error: Error): HttpProblem | undefined {
  if (error instanceof URIError) return malformedUrlProblem();
  const { type, status, expose } = error as { type?: unknown; status?: unknown; expose?: unknown };
  if (type === 'entity.too.large' || status === 413) return new HttpProblem('payload_too_large');
  if (typeof type === 'string' && UNREADABLE_BODY_DETAIL[type]) {
    return new HttpProblem('validation', { detail: UNREADABLE_BODY_DETAIL[type] });
  }
  if (isZlibError(error)) {
    return new HttpProblem('validation', { detail: 'The request body does not match its Content-Encoding.' });
  }
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    const reason = CLIENT_ERROR_REASONS[status];
    return reason
      ? new HttpProblem(reason)
      : new HttpProblem('validation', { detail: 'The request could not be read.' });
  }
  return undefined;
}

/** Other libraries' client errors (http-errors with `expose`, e.g. `send` behind express.static) keep their meaning. */
const CLIENT_ERROR_REASONS: Partial<Record<number, ProblemReason>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
};

/** zlib's errors (`Z_DATA_ERROR`, `Z_BUF_ERROR`, `ERR_BROTLI_…`) as body-parser passes them on. */
function isZlibError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code === 'ERR_ZLIB_INITIALIZATION_FAILED')
  );
}
