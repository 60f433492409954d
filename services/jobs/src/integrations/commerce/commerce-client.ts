import {
  COMMERCE_PATHS,
  EntitlementsResponseSchema,
  HoldResponseSchema,
  type Entitlements,
  type HoldRequest,
  type HoldResponse,
} from '@kadr/contracts';
import { breakerSettingsOf } from '@kadr/config';
import {
  callInternal,
  internalCallBreaker,
  type InternalCallBreaker,
  type InternalCallBreakerOptions,
  type InternalCaller,
  type InternalTokenKeys,
} from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { z } from 'zod';

export type CommerceHold = HoldResponse['data'];

const JOBS_CALLER: InternalCaller = { kind: 'service', service: 'jobs', roles: [] };

/** Commerce's answer 402: neither the allowance nor the credits cover the job (nothing was held). */
export class InsufficientCreditsError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'InsufficientCreditsError';
  }
}

/** Commerce's answer 409: the job still has an open hold of another generation (nothing was held). */
export class HoldConflictError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'HoldConflictError';
  }
}

/** Commerce could not be reached or failed (503 to our caller; the reconciler retries later). */
export class CommerceUnavailableError extends Error {
  readonly problem = { status: 503, reason: 'service_unavailable' } as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CommerceUnavailableError';
  }
}

/** The calls jobs makes to commerce (ARCHITECTURE §3): holds and entitlements. Commerce alone captures and releases. */
export interface CommerceClient {
  entitlements(userId: string, correlationId?: string): Promise<Entitlements>;
  /**
   * Idempotent by (job id, generation; absent = 1): a second call answers that generation's hold
   * (whatever its state). A next generation while the job's previous hold is open: HoldConflictError.
   */
  hold(request: HoldRequest, correlationId?: string): Promise<CommerceHold>;
  /** The job's newest hold, or null when commerce has none. */
  findHold(jobId: string, userId: string, correlationId?: string): Promise<CommerceHold | null>;
}

export interface HttpCommerceClientOptions {
  baseUrl: string;
  internalTokenKeys: InternalTokenKeys;
  timeoutMs: number;
  /** Commerce's breaker (`internalCallBreaker`); while open, every call fails at once as unavailable. */
  breaker?: InternalCallBreaker;
}

/** Commerce over HTTP with a service token (`service:jobs`, audience `commerce`) on every call. */
export class HttpCommerceClient implements CommerceClient {
  constructor(private readonly options: HttpCommerceClientOptions) {}

  async entitlements(userId: string, correlationId?: string): Promise<Entitlements> {
    const response = await this.call('GET', COMMERCE_PATHS.entitlements(userId), undefined, correlationId);
    return (await this.parse(response, EntitlementsResponseSchema)).data;
  }

  async hold(request: HoldRequest, correlationId?: string): Promise<CommerceHold> {
    const response = await this.call('POST', COMMERCE_PATHS.holds, request, correlationId);
    if (response.status === 402) {
      const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
      throw new InsufficientCreditsError(typeof body.detail === 'string' ? body.detail : 'Insufficient credits.');
    }
    if (response.status === 409) {
      const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
      throw new HoldConflictError(typeof body.detail === 'string' ? body.detail : 'The job still has an open hold.');
    }
    return (await this.parse(response, HoldResponseSchema)).data;
  }

  async findHold(jobId: string, userId: string, correlationId?: string): Promise<CommerceHold | null> {
    const response = await this.call('GET', COMMERCE_PATHS.hold(jobId, userId), undefined, correlationId);
    if (response.status === 404) return null;
    return (await this.parse(response, HoldResponseSchema)).data;
  }

  private async call(method: string, path: string, body: unknown, correlationId?: string): Promise<Response> {
    try {
      return await callInternal({
        method,
        baseUrl: this.options.baseUrl,
        path,
        body,
        identity: { caller: JOBS_CALLER, audience: 'commerce', keys: this.options.internalTokenKeys, correlationId },
        timeoutMs: this.options.timeoutMs,
        breaker: this.options.breaker,
      });
    } catch (error) {
      throw new CommerceUnavailableError(`commerce ${method} ${path.split('?')[0]} failed`, { cause: error });
    }
  }

  private async parse<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>> {
    if (!response.ok) {
      throw new CommerceUnavailableError(`commerce answered ${response.status} to ${response.url.split('?')[0]}`);
    }
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new CommerceUnavailableError(`commerce answered an unexpected shape (${response.url})`);
    return parsed.data;
  }
}

/** Used when COMMERCE_URL is not configured: every call is a 503, never a silent free job. */
export class UnconfiguredCommerceClient implements CommerceClient {
  private fail(): Promise<never> {
    return Promise.reject(new CommerceUnavailableError('COMMERCE_URL is not configured'));
  }
  entitlements(): Promise<Entitlements> {
    return this.fail();
  }
  hold(): Promise<CommerceHold> {
    return this.fail();
  }
  findHold(): Promise<CommerceHold | null> {
    return this.fail();
  }
}

/** The commerce settings (the jobs config). */
export interface CommerceEnvironment {
  COMMERCE_URL?: string;
  COMMERCE_TIMEOUT_MS: number;
  BREAKER_FAILURE_THRESHOLD: number;
  BREAKER_OPEN_MS: number;
}

/**
 * Commerce at COMMERCE_URL behind its breaker, measured in `registry` (jobs' metrics) when given;
 * unset: a client whose every call is unavailable (503).
 */
export function commerceClientOf(
  config: CommerceEnvironment,
  keys: InternalTokenKeys,
  logger: Logger,
  registry?: InternalCallBreakerOptions['registry'],
): CommerceClient {
  if (!config.COMMERCE_URL) return new UnconfiguredCommerceClient();
  const breaker = internalCallBreaker({ service: 'commerce', ...breakerSettingsOf(config), logger, registry });
  return new HttpCommerceClient({
    baseUrl: config.COMMERCE_URL,
    internalTokenKeys: keys,
    timeoutMs: config.COMMERCE_TIMEOUT_MS,
    breaker,
  });
}
