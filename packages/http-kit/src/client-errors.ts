import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { acceptCorrelationId } from '@kadr/telemetry';
import { CORRELATION_HEADER } from './correlation.middleware';
import { HttpProblem } from './problems';

/**
 * The problem for a request Node's HTTP parser refused before express saw it: headers larger
 * than `maxHeaderSize` → 431, headers or body not received within the server's time-outs → 408,
 * anything unparseable → 400. Node would answer these itself with an empty plain-text body.
 */
export function clientErrorProblem(error: NodeJS.ErrnoException): HttpProblem {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpProblem('headers_too_large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpProblem('request_timeout');
    default:
      return new HttpProblem('validation', { detail: 'The request is not valid HTTP.' });
  }
}

/**
 * A `clientError` listener that answers like the rest of the kit (problem+json with a
 * correlation id) and then closes the connection. Same care as Node's own handler: nothing is
 * written once a response on that socket has started, or when the peer is gone.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const problem = clientErrorProblem(error);
  const correlationId = acceptCorrelationId(undefined);
  const body = JSON.stringify(problem.toBody(correlationId));
  socket.end(
    [
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}`,
      'Content-Type: application/problem+json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `${CORRELATION_HEADER}: ${correlationId}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
