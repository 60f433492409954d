import type { RequestHandler } from 'express';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';

const QUIET_PATHS = /^\/(health|metrics)(\/|$)/;

/**
 * One log line and one histogram observation per request. The route label is the matched
 * route template (`/jobs/:id`), never the raw path, so label cardinality stays bounded.
 */
export function requestObserver(logger: Logger, metrics: ServiceMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const routePath = (req.route as { path?: string } | undefined)?.path;
      const route = routePath
        ? `${req.baseUrl}${routePath}`
        : res.statusCode === 404
          ? 'unmatched'
          : req.baseUrl || 'unmatched';
      metrics.httpRequestDuration.observe({ method: req.method, route, status_code: String(res.statusCode) }, seconds);
      if (QUIET_PATHS.test(req.path)) return;
      const line = {
        method: req.method,
        path: req.path,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1000),
      };
      if (res.statusCode >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    });
    next();
  };
}
