/**
 * Which database errors are "try again later" (the server is unreachable, being elected, the
 * pool was reset) as opposed to bugs or rejected data. The HTTP kit answers those with 503
 * `db_transient`: it recognises the driver's error names, and any error that carries the
 * duck-typed `problem = { status: 503, reason: 'db_transient' }` this package attaches.
 */

/** The RFC 9457 hint the HTTP kit reads from an error's `problem` property. */
export interface ErrorProblemHint {
  readonly status: number;
  readonly reason: string;
}

export const DB_TRANSIENT_PROBLEM: ErrorProblemHint = Object.freeze({ status: 503, reason: 'db_transient' });

/** Driver (mongodb 6) and mongoose error names that always mean "the database is unreachable right now". */
const TRANSIENT_ERROR_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoPoolClosedError',
  'MongoWaitQueueTimeoutError',
  'MongoTopologyClosedError',
  'MongoClientClosedError',
  'MongoServerClosedError',
  'MongoOperationTimeoutError',
  'DbTransientError',
]);

/** Labels the server or driver put on errors that are safe to retry. */
const TRANSIENT_ERROR_LABELS = ['TransientTransactionError', 'RetryableWriteError', 'ResetPool'];

/**
 * Server error codes the driver itself treats as retryable (node not primary, shutting down,
 * network trouble between replica set members) — a replica set election surfaces as these.
 */
const TRANSIENT_SERVER_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  134, // ReadConcernMajorityNotAvailableYet
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/**
 * Mongoose reports a closed connection or a command that waited too long for one as a plain
 * `MongooseError`; only its message tells these apart from programming errors.
 */
const TRANSIENT_MONGOOSE_MESSAGES = [/buffering timed out/i, /connection was force closed/i];

const MAX_CAUSE_DEPTH = 5;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  problem?: unknown;
  errorLabels?: unknown;
  hasErrorLabel?: unknown;
}

function hasTransientLabel(err: ErrorLike): boolean {
  const hasErrorLabel = err.hasErrorLabel;
  if (typeof hasErrorLabel === 'function') {
    if (TRANSIENT_ERROR_LABELS.some((label) => hasErrorLabel.call(err, label) === true)) return true;
  }
  const labels: unknown = err.errorLabels;
  return Array.isArray(labels) && labels.some((label: unknown) => TRANSIENT_ERROR_LABELS.includes(String(label)));
}

function carriesTransientProblem(err: ErrorLike): boolean {
  const problem = err.problem as Partial<ErrorProblemHint> | undefined;
  return typeof problem === 'object' && problem !== null && problem.reason === DB_TRANSIENT_PROBLEM.reason;
}

function isTransientItself(err: ErrorLike): boolean {
  if (typeof err.name === 'string' && TRANSIENT_ERROR_NAMES.has(err.name)) return true;
  if (carriesTransientProblem(err) || hasTransientLabel(err)) return true;
  if (typeof err.code === 'number' && err.name === 'MongoServerError' && TRANSIENT_SERVER_CODES.has(err.code)) {
    return true;
  }
  return (
    err.name === 'MongooseError' &&
    typeof err.message === 'string' &&
    TRANSIENT_MONGOOSE_MESSAGES.some((pattern) => pattern.test(err.message as string))
  );
}

/**
 * True when `err` (or an error in its `cause` chain) says the database is temporarily
 * unavailable: network errors and timeouts, no server selectable, a cleared or closed pool,
 * a closed client, retryable labels, "not primary"/"shutting down" codes.
 * Duplicate keys, validation errors and the like are NOT transient.
 */
export function isTransientDbError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as ErrorLike;
    if (isTransientItself(candidate)) return true;
    current = candidate.cause;
  }
  return false;
}

/** A transient database failure, carrying the 503 `db_transient` hint for the HTTP kit. */
export class DbTransientError extends Error {
  override readonly name = 'DbTransientError';
  readonly problem = DB_TRANSIENT_PROBLEM;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Wraps a transient error into a {@link DbTransientError} (keeping it as `cause`); returns any
 * other error unchanged so duplicate keys and bugs keep their own handling.
 * Typical use in a repository: `catch (err) { throw toDbTransientError(err, 'accounts.hold') }`.
 */
export function toDbTransientError(err: unknown, operation?: string): unknown {
  if (!isTransientDbError(err) || err instanceof DbTransientError) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new DbTransientError(`database temporarily unavailable${operation ? ` (${operation})` : ''}: ${detail}`, {
    cause: err,
  });
}
