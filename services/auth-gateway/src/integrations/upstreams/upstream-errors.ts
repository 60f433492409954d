import type { UpstreamName } from './upstream-names';

/**
 * Why a call to an upstream produced no usable answer. The proxy and the internal clients turn
 * these into problems (`pipeline/upstream-problems.ts`); the breaker counts only
 * `UpstreamFailure`s (time-outs, connection errors, 5xx).
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

export class UpstreamServerError extends UpstreamFailure {
  constructor(
    upstream: UpstreamName,
    readonly status: number,
  ) {
    super(upstream, `${upstream} answered ${status}`);
  }
}

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
