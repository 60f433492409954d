import { Counter, type Registry } from 'prom-client';
import { metricOnce } from '@kadr/telemetry';
import type { RateLimitName } from '../http/04-rate-limits/rate-limits';

/**
 * What the gateway's request handling counts (the upstream and live-channel metrics live with their
 * parts). Plain functions, so each can be handed on alone.
 */
export interface GatewayMetrics {
  rateLimitRejected: (limit: RateLimitName) => void;
  /** A completed request answered again for its Idempotency-Key. */
  idempotentReplay: () => void;
  /** An Idempotency-Key reused for a different request, or while its first request is still running. */
  idempotencyConflict: () => void;
  /** A sign-in that created a session. */
  sessionCreated: () => void;
}

/** The gateway's request metrics in its registry (served at /metrics); shared by every part built on that registry. */
export function gatewayMetricsOf(registry: Registry): GatewayMetrics {
  const registers = [registry];
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    metricOnce(registry, name, () => new Counter<L>({ name, help, labelNames, registers }));

  const rateLimitRejections = counter(
    'gateway_rate_limit_rejections_total',
    'Requests refused with 429 by a rate limit, by limit (user, ip, login-ip, telemetry-user, media-user, media-ip, export-user)',
    ['limit'],
  );
  const replays = counter(
    'gateway_idempotency_replays_total',
    'State-changing requests answered with the kept response of an earlier request with the same Idempotency-Key',
  );
  const conflicts = counter(
    'gateway_idempotency_conflicts_total',
    'State-changing requests refused because their Idempotency-Key was used for a different request (422) or its request is still running (409)',
  );
  const sessions = counter('gateway_sessions_created_total', 'Sign-ins that created a session');

  return {
    rateLimitRejected: (limit) => rateLimitRejections.inc({ limit }),
    idempotentReplay: () => replays.inc(),
    idempotencyConflict: () => conflicts.inc(),
    sessionCreated: () => sessions.inc(),
  };
}
