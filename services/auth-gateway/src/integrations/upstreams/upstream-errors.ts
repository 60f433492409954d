import type { UpstreamName } from './upstream-names';

/**
 * Why a call to an upstream produced no usable answer. The proxy and the internal clients turn
 * these into problems (`entry-points/http/10-proxy/upstream-problems.ts`); the breaker counts only
 * `UpstreamFailure`s — signs that the upstream itself is sick (time-outs, connection errors, 502,
 * 503, 504 and other 5xx) — never what one request made it answer (4xx, and 500/501: see
 * `UpstreamRequestFailedError`).
 */
export abstract class UpstreamError extends Error {
  constructor(
    readonly upstream: UpstreamName,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The upstream's base URL is not configured. */
export class UpstreamNotConfiguredError extends UpstreamError {
  constructor(upstream: UpstreamName) {
    super(upstream, `${upstream} is not configured`);
  }
}

/** The upstream's circuit breaker is open: the call was not attempted. */
export class UpstreamCircuitOpenError extends UpstreamError {
  constructor(upstream: UpstreamName) {
    super(upstream, `the circuit breaker of ${upstream} is open`);
  }
}

/** The caller went away (browser disconnected) before the upstream answered; not the upstream's fault. */
export class UpstreamCallCancelledError extends UpstreamError {
  constructor(upstream: UpstreamName) {
    super(upstream, `the call to ${upstream} was cancelled by its caller`);
  }
}

/** A failure of the upstream itself: counted by its circuit breaker. */
export abstract class UpstreamFailure extends UpstreamError {}

export class UpstreamTimeoutError extends UpstreamFailure {
  constructor(
    upstream: UpstreamName,
    readonly timeoutMs: number,
  ) {
    super(upstream, `${upstream} did not answer within ${timeoutMs} ms`);
  }
}

export class UpstreamUnreachableError extends UpstreamFailure {
  constructor(upstream: UpstreamName, cause: unknown) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    super(upstream, `${upstream} could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
    this.cause = cause;
  }
}

/** A 5xx that says the upstream is unwell (503 not ready / db_transient, 504 storage time-out, 502…). */
export class UpstreamServerError extends UpstreamFailure {
  constructor(
    upstream: UpstreamName,
    readonly status: number,
  ) {
    super(upstream, `${upstream} answered ${status}`);
  }
}

/**
 * A 500 or 501: the upstream is up and answering, but this one request hit an error it did not
 * expect. Not counted by the breaker (issue 13): otherwise one user repeating a request that
 * trips a bug could cut the service off for everyone. Services map their infrastructure failures
 * to 503/504, which do count.
 */
export class UpstreamRequestFailedError extends UpstreamError {
  constructor(
    upstream: UpstreamName,
    readonly status: number,
  ) {
    super(upstream, `${upstream} answered ${status}`);
  }
}

/** Whether a 5xx answer counts against the upstream's circuit breaker (see the two classes above). */
export const isSicknessStatus = (status: number): boolean => status >= 500 && status !== 500 && status !== 501;

/** A 2xx–4xx answer the internal client cannot use (a 4xx where data was expected, or a body off-contract). */
export class UpstreamAnswerError extends UpstreamError {
  constructor(
    upstream: UpstreamName,
    readonly status: number,
    detail: string,
  ) {
    super(upstream, `${upstream} answered ${status}: ${detail}`);
  }
}
