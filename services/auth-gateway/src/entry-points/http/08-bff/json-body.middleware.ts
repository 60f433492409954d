import type { RequestHandler } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import { STATE_CHANGING_METHODS } from './idempotency-key';

/**
 * State-changing `/bff` requests carry JSON or nothing (spec §7). The app's JSON parser has
 * already read a JSON body; a body it left alone has another type, and is refused here — so the
 * idempotency fingerprint and the forwarded body are always the parsed JSON.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (STATE_CHANGING_METHODS.has(req.method) && req.body === undefined && hasBody(req.headers)) {
    throw new HttpProblem('validation', {
      detail: 'Please send the request body as JSON.',
      errors: { 'Content-Type': 'must be application/json' },
    });
  }
  next();
};

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
