import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { answerClientError } from './client-errors';
import type { HealthState } from './health.routes';

/**
 * How long a client may take to send a request. Node's defaults (300 s for a request, checked
 * every 30 s) let a slow client hold a socket and its memory for minutes.
 */
export interface ServerLimits {
  /** The whole request, headers and body, must arrive within this. Default 30 s (spec §9). */
  requestTimeoutMs?: number;
  /** The headers must arrive within this; at most `requestTimeoutMs` (Node refuses more). Default 10 s. */
  headersTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this. Default 65 s. */
  keepAliveTimeoutMs?: number;
  /** How often Node looks for requests over those time-outs. Default 1 s. */
  timeoutCheckIntervalMs?: number;
}

export const DEFAULT_SERVER_LIMITS: Required<ServerLimits> = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  // Above typical load-balancer idle time-outs (60 s) so the proxy closes an idle connection first.
  keepAliveTimeoutMs: 65_000,
  timeoutCheckIntervalMs: 1_000,
};

export interface RunningServer {
  server: http.Server;
  /** e.g. http://127.0.0.1:8080 — the real port when 0 was asked for. */
  url: string;
  port: number;
  /**
   * Stops accepting connections, marks the service not ready, lets in-flight requests finish
   * (idle keep-alive sockets are closed at once) and force-closes what is left after `graceMs`.
   */
  close(graceMs?: number): Promise<void>;
}

export async function startHttpServer(
  app: Express,
  {
    port,
    host = '127.0.0.1',
    health,
    limits = {},
  }: { port: number; host?: string; health?: HealthState; limits?: ServerLimits },
): Promise<RunningServer> {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs, timeoutCheckIntervalMs } = {
    ...DEFAULT_SERVER_LIMITS,
    ...limits,
  };
  // In Node 20 the headers time-out is counted from a request's first byte, not from when a
  // keep-alive connection went idle, so it can be shorter than keepAliveTimeout; it must not
  // exceed the request time-out (createServer throws ERR_OUT_OF_RANGE).
  const server = http.createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      connectionsCheckingInterval: timeoutCheckIntervalMs,
      keepAliveTimeout: keepAliveTimeoutMs,
    },
    app,
  );
  // Oversized headers, slow clients and unparseable requests get a problem+json like the rest.
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return {
    server,
    url,
    port: address.port,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        if (health) health.accepting = false;
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        // A keep-alive socket becomes idle when its in-flight response ends; sweep until all are gone.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        sweep.unref();
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
