import { callInternal, internalCallBreaker, type InternalCallBreaker, type InternalTokenKeys } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { Registry } from 'prom-client';

export const NOTIFICATIONS_SERVICE = 'notifications';

export interface ServiceCallSettings {
  keys: InternalTokenKeys;
  timeoutMs: number;
  failureThreshold: number;
  openMs: number;
  logger: Logger;
  registry?: Registry;
}

/**
 * GETs another service's internal route as the notifications service itself (a service caller:
 * no user is signed in when an e-mail goes out), behind that service's breaker. Rejects when
 * the service is not configured, unreachable, or answers anything but 200.
 */
export class ServiceCall {
  private readonly breaker: InternalCallBreaker;

  constructor(
    private readonly audience: string,
    private readonly baseUrl: string | undefined,
    private readonly settings: ServiceCallSettings,
  ) {
    const { failureThreshold, openMs, logger, registry } = settings;
    this.breaker = internalCallBreaker({ service: audience, failureThreshold, openMs, logger, registry });
  }

  async getJson(path: string): Promise<unknown> {
    if (!this.baseUrl) throw new Error(`${this.audience} is not configured`);
    const answer = await callInternal({
      method: 'GET',
      baseUrl: this.baseUrl,
      path,
      identity: {
        caller: { kind: 'service', service: NOTIFICATIONS_SERVICE, roles: [] },
        audience: this.audience,
        keys: this.settings.keys,
      },
      timeoutMs: this.settings.timeoutMs,
      breaker: this.breaker,
    });
    if (answer.status !== 200) throw new Error(`${this.audience} answered ${answer.status} for ${path}`);
    return answer.json();
  }
}
