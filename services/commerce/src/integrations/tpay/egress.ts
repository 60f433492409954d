import http from 'node:http';
import https from 'node:https';
import {
  checkDestination,
  DestinationUnresolvedError,
  EgressRefusedError,
  pinnedLookup,
  type ResolvedAddress,
  type Resolver,
} from '@kadr/http-kit';

/**
 * Outbound HTTP for the payment provider under the shared egress rule (`checkDestination` of
 * @kadr/http-kit, ARCHITECTURE §4): allowlisted hosts only (`egress_host_not_allowlisted`), https
 * only, never an internal address (`ssrf_blocked`), and the socket connects to the address that
 * was checked, so DNS rebinding cannot slip past. Responses are read whole, up to a size limit,
 * and every failure says whether the request can have reached the server (`notSent`).
 */

export type EgressFailure = 'timeout' | 'unreachable' | 'egress_host_not_allowlisted' | 'ssrf_blocked' | 'too_large';

export class EgressError extends Error {
  constructor(
    readonly failure: EgressFailure,
    message: string,
    /** True when no byte of the request can have reached the server (safe to retry a POST). */
    readonly notSent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EgressError';
  }
}

export interface EgressOptions {
  /** Host names (no port) that may be called. */
  allowedHosts: readonly string[];
  /** Tests only (EGRESS_ALLOW_LOOPBACK_FOR_TESTS, refused in production): a loopback fake over http. */
  allowLoopbackForTests: boolean;
  /** Deadline for the whole exchange, name resolution to last byte. */
  timeoutMs: number;
  /** Largest response body read. Default 1 MiB. */
  maxResponseBytes?: number;
  resolver?: Resolver;
}

export interface EgressRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface EgressResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type EgressClient = (request: EgressRequest) => Promise<EgressResponse>;

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function createEgressClient(options: EgressOptions): EgressClient {
  return async (request) => {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const url = new URL(request.url);
    const resolved = await checked(url, options, deadline);
    return send(url, resolved, request, options.maxResponseBytes ?? 1024 * 1024, deadline);
  };
}

/** The shared egress rule, as this client's errors; nothing is sent before it passes. */
async function checked(url: URL, options: EgressOptions, deadline: AbortSignal): Promise<ResolvedAddress> {
  let stopWaiting = () => {};
  const timedOut = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new EgressError('timeout', 'the request timed out', true));
    if (deadline.aborted) return onAbort();
    deadline.addEventListener('abort', onAbort, { once: true });
    stopWaiting = () => deadline.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([checkDestination(url, options), timedOut]);
  } catch (error) {
    if (error instanceof EgressRefusedError) throw new EgressError(error.reason, error.message, true);
    if (error instanceof DestinationUnresolvedError) {
      throw new EgressError('unreachable', error.message, true, { cause: error.cause });
    }
    throw error;
  } finally {
    stopWaiting();
  }
}

function send(
  url: URL,
  resolved: ResolvedAddress,
  request: EgressRequest,
  maxBytes: number,
  deadline: AbortSignal,
): Promise<EgressResponse> {
  return new Promise<EgressResponse>((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    let connected = false;
    const req = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        // Connect to the address that was checked, whatever the name resolves to by now.
        lookup: pinnedLookup(resolved),
        signal: deadline,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new EgressError('too_large', `response larger than ${maxBytes} bytes`, false));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (err) => reject(classify(err, connected)));
      },
    );
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
      });
      socket.once('secureConnect', () => {
        connected = true;
      });
    });
    req.on('error', (err) => reject(classify(err, connected)));
    req.end(request.body);
  });
}

function classify(err: unknown, connected: boolean): EgressError {
  if (err instanceof EgressError) return err;
  const error = err as NodeJS.ErrnoException;
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || error.code === 'ABORT_ERR') {
    return new EgressError('timeout', 'the request timed out', !connected, { cause: err });
  }
  const notSent = !connected && CONNECT_FAILURES.has(error.code ?? '');
  return new EgressError('unreachable', error.message || 'the connection failed', notSent, { cause: err });
}
