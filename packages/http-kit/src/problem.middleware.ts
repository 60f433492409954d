import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from '@kadr/telemetry';
import { toProblem } from './error-mapping';
import { HttpProblem } from './problems';

export function sendProblem(res: Response, problem: HttpProblem): void {
  const correlationId = res.locals.correlationId as string | undefined;
  res
    .status(problem.status)
    .type('application/problem+json')
    .send(JSON.stringify(problem.toBody(correlationId)));
}

export const notFoundHandler: RequestHandler = (req, res) => {
  sendProblem(res, new HttpProblem('not_found', { detail: `There is nothing at ${req.method} ${req.path}.` }));
};

/** A service's mapping of its own errors to problems; `undefined` for an error it does not know. */
export type ErrorMapping = (error: unknown) => HttpProblem | undefined;

/**
 * The last middleware: every error leaves as problem+json (the service's `mapError` first, then
 * `toProblem`); 5xx are logged with their stack, never sent.
 */
export function problemHandler(logger: Logger, mapError?: ErrorMapping): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const problem = mapError?.(error) ?? toProblem(error);
    if (problem.status >= 500) {
      logger.error({ err: error, method: req.method, path: req.path, reason: problem.reason }, 'request error');
    }
    if (problem.status === 429 && typeof problem.extensions?.retryAfterSeconds === 'number') {
      res.setHeader('Retry-After', String(problem.extensions.retryAfterSeconds));
    }
    sendProblem(res, problem);
  };
}
