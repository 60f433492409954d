import { ZodError } from 'zod';
import { HttpProblem, isProblemReason } from './problems';

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
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return new HttpProblem('validation', { detail, errors });
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

  // body-parser's errors carry a `type` and an expose-safe status.
  const bodyError = error as { type?: unknown; status?: unknown };
  if (bodyError.type === 'entity.parse.failed') {
    return new HttpProblem('validation', { detail: 'The request body is not valid JSON.' });
  }
  if (bodyError.type === 'entity.too.large') return new HttpProblem('payload_too_large');
  if (bodyError.type === 'encoding.unsupported' || bodyError.type === 'charset.unsupported') {
    return new HttpProblem('validation', { detail: 'The request body encoding is not supported.' });
  }
  return new HttpProblem('unknown');
}
