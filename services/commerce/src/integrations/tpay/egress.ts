import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP for the payment provider, limited to allowlisted hosts (ARCHITECTURE §4): any
 * other host is refused (`egress_host_not_allowlisted`), and an allowlisted name that resolves
 * to a private, loopback or link-local address is refused too (`ssrf_blocked`) — checked on the
 * address the socket actually connects to (a custom `lookup`), so DNS rebinding cannot slip
 * past a check made earlier. `allowPrivateNetwork` exists for tests against a local fake.
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
  allowPrivateNetwork: boolean;
  /** Deadline for the whole exchange, connect to last byte. */
  timeoutMs: number;
  /** Largest response body read. Default 1 MiB. */
  maxResponseBytes?: number;
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

const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local, CGNAT, multicast and unspecified addresses (IPv4-mapped too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE_RANGES.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivateNetwork: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const blocked = !allowPrivateNetwork && addresses.some((a) => isPrivateAddress(a.address));
      if (blocked) {
        return callback(new EgressError('ssrf_blocked', `${hostname} resolves to a private address`, true), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function createEgressClient(options: EgressOptions): EgressClient {
  const allowed = new Set(options.allowedHosts.map((h) => h.toLowerCase()));
  const maxBytes = options.maxResponseBytes ?? 1024 * 1024;
  const lookup = guardedLookup(options.allowPrivateNetwork);

  return (request) =>
    new Promise<EgressResponse>((resolve, reject) => {
      const url = new URL(request.url);
      const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      if (!allowed.has(host)) {
        reject(new EgressError('egress_host_not_allowlisted', `${host} is not an allowed destination`, true));
        return;
      }
      if (isIP(host) !== 0 && !options.allowPrivateNetwork && isPrivateAddress(host)) {
        reject(new EgressError('ssrf_blocked', `${host} is a private address`, true));
        return;
      }
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowPrivateNetwork)) {
        reject(new EgressError('egress_host_not_allowlisted', `${url.protocol} is not allowed`, true));
        return;
      }
      const transport = url.protocol === 'https:' ? https : http;
      let connected = false;
      const req = transport.request(
        url,
        {
          method: request.method,
          headers: request.headers,
          lookup,
          signal: AbortSignal.timeout(options.timeoutMs),
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
