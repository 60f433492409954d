import type { RequestHandler } from 'express';
import { acceptCorrelationId, runWithCorrelationId } from '@kadr/telemetry';

export const CORRELATION_HEADER = 'x-correlation-id';

/**
 * Accepts a well-formed `x-correlation-id` or makes one, returns it on every response and runs
 * the rest of the request inside its async context (logs and outgoing calls pick it up).
 */
export const correlationMiddleware: RequestHandler = (req, res, next) => {
  const correlationId = acceptCorrelationId(req.get(CORRELATION_HEADER));
  res.locals.correlationId = correlationId;
  res.setHeader(CORRELATION_HEADER, correlationId);
  runWithCorrelationId(correlationId, next);
};
