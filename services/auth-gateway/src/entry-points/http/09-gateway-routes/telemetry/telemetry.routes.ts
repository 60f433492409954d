import { Router } from 'express';
import type { Registry } from 'prom-client';
import { HttpProblem, parseInput } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import { sessionOf, type SessionUser } from '../../03-session/request-context';
import { apiRouteTemplate } from './api-route-templates';
import { createClientMetrics, statusClass, type ClientMetrics } from './client-metrics';
import { redactClientProps, redactClientText } from './client-text-redaction';
import { TelemetryBatchSchema, type TelemetryAccepted, type TelemetryBatch } from './telemetry.schema';

export const TELEMETRY_PATH = '/telemetry';

export interface TelemetryRoutesOptions {
  logger: Logger;
  /** The gateway's registry (its /metrics). */
  registry: Registry;
}

/**
 * `POST /bff/telemetry` (signed in; CSRF and Idempotency-Key like any `/bff` change): a browser's
 * batch of metrics (web vitals, API latencies) → histograms; analytics events → a counter and one
 * log line; client errors → a counter and one warn line each, under the session's user. The
 * browser sends each kind only with the person's consent — the server cannot check that, it
 * processes what arrives. Free text is redacted (e-mails, queries, tokens) before it is logged.
 * 202 `{ accepted: { metrics, analytics, logs } }`.
 */
export function createTelemetryRoutes({ logger, registry }: TelemetryRoutesOptions): Router {
  const metrics = createClientMetrics(registry);
  const router = Router();
  router.post(TELEMETRY_PATH, (req, res) => {
    const session = sessionOf(res);
    if (!session) throw new HttpProblem('unauthorized');
    const batch = parseInput(TelemetryBatchSchema, req.body);
    const accepted: TelemetryAccepted = { accepted: { metrics: 0, analytics: 0, logs: 0 } };
    if (batch.context.userId !== session.user.id) {
      // Queued in this browser for someone else before a user switch: not this user's to report.
      logger.debug('telemetry batch of another user ignored');
    } else {
      accepted.accepted = {
        metrics: recordMetrics(metrics, batch.metrics ?? []),
        analytics: recordAnalytics(metrics, logger, session.user, batch.analytics ?? []),
        logs: recordClientLogs(metrics, logger, session.user, batch.logs ?? []),
      };
    }
    res.status(202).json(accepted);
  });
  return router;
}

type Batch = Required<TelemetryBatch>;

function recordMetrics(metrics: ClientMetrics, items: Batch['metrics']): number {
  for (const item of items) {
    if (item.type === 'web_vital') {
      if (item.name === 'CLS') metrics.layoutShift.observe({ rating: item.rating }, item.value);
      else metrics.webVitalSeconds.observe({ name: item.name, rating: item.rating }, item.value / 1000);
    } else {
      metrics.apiRequestDuration.observe(
        {
          endpoint: apiRouteTemplate(item.endpoint),
          method: item.method ?? 'unknown',
          status_class: statusClass(item.status),
        },
        item.ms / 1000,
      );
    }
  }
  return items.length;
}

function recordAnalytics(metrics: ClientMetrics, logger: Logger, user: SessionUser, items: Batch['analytics']): number {
  if (items.length === 0) return 0;
  for (const item of items) metrics.analyticsEvents.inc({ event: item.name });
  logger.info(
    {
      userId: user.id,
      tenantId: user.tenantId,
      events: items.map((item) => ({ name: item.name, at: item.at, props: redactClientProps(item.props) })),
    },
    'client analytics events',
  );
  return items.length;
}

function recordClientLogs(metrics: ClientMetrics, logger: Logger, user: SessionUser, items: Batch['logs']): number {
  for (const item of items) {
    metrics.clientErrors.inc();
    // `client.correlationId` is the failed request's; the line's own `correlationId` is this request's.
    logger.warn(
      {
        userId: user.id,
        tenantId: user.tenantId,
        client: {
          message: redactClientText(item.message),
          ...(item.stack ? { stack: redactClientText(item.stack) } : {}),
          ...(item.correlationId ? { correlationId: item.correlationId } : {}),
          ...(item.path ? { path: redactClientText(item.path) } : {}),
          ...(item.context ? { context: redactClientProps(item.context) } : {}),
          at: item.at,
        },
      },
      'client error',
    );
  }
  return items.length;
}
