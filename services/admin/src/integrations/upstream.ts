import {
  callInternal,
  HttpProblem,
  internalCallBreaker,
  isProblemReason,
  type InternalCallBreaker,
  type InternalCallBreakerOptions,
  type InternalCaller,
  type InternalTokenKeys,
} from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';

export interface UpstreamOptions {
  /** The service's name: the token's audience and the name in error details. */
  name: string;
  /** Unset: the service is not configured and every call is a 503. */
  baseUrl: string | undefined;
  keys: InternalTokenKeys;
  timeoutMs: number;
  /** The service's breaker: while open, its calls fail at once (503). */
  breaker?: InternalCallBreaker;
}

export interface UpstreamAnswer {
  status: number;
  body: unknown;
}

/** Statuses whose problem the administrator should see as the upstream gave it (not found, conflict…). */
const RELAYED_STATUSES = new Set([400, 404, 409]);

/**
 * One internal service called on behalf of the administrator: the administrator's identity is
 * minted again for that service's audience (never a service identity, so the upstream checks the
 * administrator itself). Unreachable, timed out or not configured → 503 `service_unavailable`.
 */
export class Upstream {
  constructor(private readonly options: UpstreamOptions) {}

  get configured(): boolean {
    return this.options.baseUrl !== undefined;
  }

  async call(
    caller: InternalCaller,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    { body, correlationId, idempotencyKey }: { body?: unknown; correlationId?: string; idempotencyKey?: string } = {},
  ): Promise<UpstreamAnswer> {
    const { name, baseUrl, keys, timeoutMs } = this.options;
    if (!baseUrl) throw new HttpProblem('service_unavailable', { detail: `The ${name} service is not configured.` });
    let response: Response;
    try {
      response = await callInternal({
        method,
        baseUrl,
        path,
        body,
        idempotencyKey,
        identity: { caller, audience: name, keys, correlationId },
        timeoutMs,
        breaker: this.options.breaker,
      });
    } catch {
      throw new HttpProblem('service_unavailable', { detail: `The ${name} service did not answer.` });
    }
    return { status: response.status, body: await response.json().catch(() => undefined) };
  }

  /**
   * An answer that is not the expected success: a not found, conflict or validation problem is
   * passed on as the upstream said it; anything else is the upstream's failure (502 `backend_http`).
   */
  failure({ status, body }: UpstreamAnswer): HttpProblem {
    const problem = (body ?? {}) as { type?: unknown; detail?: unknown; errors?: unknown };
    const reason = typeof problem.type === 'string' ? problem.type.replace(/^\/problems\//, '') : '';
    if (RELAYED_STATUSES.has(status) && isProblemReason(reason)) {
      return new HttpProblem(reason, {
        status,
        ...(typeof problem.detail === 'string' ? { detail: problem.detail } : {}),
        ...(isStringRecord(problem.errors) ? { errors: problem.errors } : {}),
      });
    }
    return new HttpProblem('backend_http', { detail: `The ${this.options.name} service answered ${status}.` });
  }

  /** A 2xx whose body does not have the contract's shape. */
  unexpectedShape(): HttpProblem {
    return new HttpProblem('backend_http', {
      detail: `The ${this.options.name} service answered an unexpected shape.`,
    });
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value as Record<string, unknown>).every((v) => typeof v === 'string')
  );
}

/** What every upstream of admin shares: the token keys, the time-out and the breaker settings. */
export interface UpstreamSettings {
  keys: InternalTokenKeys;
  timeoutMs: number;
  failureThreshold: number;
  openMs: number;
  logger: Logger;
  /** Admin's registry: each breaker's state and its calls' durations (`internal_call_*{upstream}`). */
  registry?: InternalCallBreakerOptions['registry'];
}

/** The service `name` at `baseUrl` (unset: not configured), behind a breaker of its own. */
export function upstreamOf(name: string, baseUrl: string | undefined, settings: UpstreamSettings): Upstream {
  const { keys, timeoutMs, failureThreshold, openMs, logger, registry } = settings;
  const breaker = internalCallBreaker({ service: name, failureThreshold, openMs, logger, registry });
  return new Upstream({ name, baseUrl, keys, timeoutMs, breaker });
}
