import type { IncomingMessage, ServerResponse } from 'node:http';

/** A small RFC 9457 body using the product's `/problems/<reason>` types (no dependency on the HTTP kit). */
export function sendProblem(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  reason: string | undefined,
  title: string,
): void {
  const body = JSON.stringify({ type: reason ? `/problems/${reason}` : 'about:blank', title, status });
  res.statusCode = status;
  res.removeHeader('Cache-Control');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/problem+json');
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  res.end(req.method === 'HEAD' ? undefined : body);
}
