import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { HealthState } from './health.routes';

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
  { port, host = '127.0.0.1', health }: { port: number; host?: string; health?: HealthState },
): Promise<RunningServer> {
  const server = http.createServer(app);
  // Slightly above typical load-balancer idle time-outs so the proxy closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
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
