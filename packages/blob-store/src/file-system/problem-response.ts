import type { IncomingMessage, ServerResponse } from 'node:http';

/** The correlation id the caller sent (the gateway forwards its own), echoed so a refusal can be traced. */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A small RFC 9457 body in the product's shape (ARCHITECTURE §6: `type` `/problems/<reason>`, `title`, `status`,
 * `detail`, the correlation id) without a dependency on the HTTP kit. `title` is the sentence a person reads; it is
 * the detail too.
 */
export function sendProblem(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  reason: string | undefined,
  title: string,
): void {
  const correlation = req.headers['x-correlation-id'];
  const correlationId = typeof correlation === 'string' && CORRELATION_ID.test(correlation) ? correlation : undefined;
  const body = JSON.stringify({
    type: reason ? `/problems/${reason}` : 'about:blank',
    title,
    status,
    detail: title,
    ...(correlationId ? { correlationId } : {}),
  });
  res.statusCode = status;
  res.removeHeader('Cache-Control');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/problem+json');
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  res.end(req.method === 'HEAD' ? undefined : body);
}
