import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { GenerationError } from '../../domain/generation/video-provider';
import { isBlockedAddress, isLoopbackAddress } from './blocked-addresses';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS: every address a name resolves to (tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface EgressGuardOptions {
  /** Host names outbound calls may reach: exact (`queue.fal.run`) or a suffix pattern (`*.fal.media`). */
  allowedHosts: readonly string[];
  resolver?: Resolver;
  /**
   * Tests only (refused in production by the config): an allowlisted host may resolve to a
   * loopback address, so a test can talk to a local fake of the provider. Private, link-local and
   * metadata addresses stay blocked.
   */
  allowLoopbackForTests?: boolean;
  maxRedirects?: number;
  /** Per request (each hop), until the response headers arrive. Default 30 s. */
  timeoutMs?: number;
}

export interface EgressRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
}

export interface EgressResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  url: string;
  /** The body as a stream (consume or destroy it). */
  body: IncomingMessage;
  text(): Promise<string>;
}

/** A refused outbound request; `reason` is `egress_host_not_allowlisted` or `ssrf_blocked`. */
export class EgressBlockedError extends GenerationError {
  constructor(reason: 'egress_host_not_allowlisted' | 'ssrf_blocked', message: string) {
    super(reason, message, false);
    this.name = 'EgressBlockedError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function hostMatches(hostname: string, pattern: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const wanted = pattern.toLowerCase().trim();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
  return host === wanted;
}

/**
 * Every outbound request of a hosted provider goes through here (ARCHITECTURE §4): only
 * allowlisted hosts (else `egress_host_not_allowlisted`); every address the name resolves to is
 * checked and the connection goes to the checked address itself (no second lookup a DNS rebind
 * could change), refusing private, loopback, link-local and metadata ranges (`ssrf_blocked`);
 * redirects are followed by hand and each hop is checked again. Credentials (`authorization`)
 * are dropped when a redirect leaves the original host.
 */
export class EgressGuard {
  private readonly resolver: Resolver;

  constructor(private readonly options: EgressGuardOptions) {
    this.resolver = options.resolver ?? systemResolver;
  }

  /** Throws EgressBlockedError unless the URL may be called; resolves with the address to connect to. */
  async check(url: URL): Promise<ResolvedAddress> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new EgressBlockedError('egress_host_not_allowlisted', `The scheme ${url.protocol} is not allowed.`);
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.options.allowedHosts.some((pattern) => hostMatches(hostname, pattern))) {
      throw new EgressBlockedError('egress_host_not_allowlisted', `The host ${hostname} is not on the allowlist.`);
    }
    const addresses: ResolvedAddress[] =
      isIP(hostname) !== 0
        ? [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }]
        : await this.resolve(hostname);
    if (addresses.length === 0)
      throw new GenerationError('aiproxy_error', `The host ${hostname} did not resolve.`, true);
    for (const { address } of addresses) {
      const allowedLoopback = this.options.allowLoopbackForTests === true && isLoopbackAddress(address);
      if (isBlockedAddress(address) && !allowedLoopback) {
        throw new EgressBlockedError('ssrf_blocked', `The host ${hostname} resolves to an internal address.`);
      }
    }
    return addresses[0]!;
  }

  async request(target: string | URL, init: EgressRequest = {}): Promise<EgressResponse> {
    let url = new URL(target);
    const originalHost = url.host;
    let method = init.method ?? 'GET';
    let body = init.body;
    let headers = { ...(init.headers ?? {}) };
    const maxRedirects = this.options.maxRedirects ?? 5;
    for (let hop = 0; ; hop += 1) {
      const address = await this.check(url);
      const response = await this.send(url, address, { method, headers, body, signal: init.signal });
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
        return {
          status: response.statusCode ?? 0,
          headers: response.headers,
          url: url.href,
          body: response,
          text: () => readText(response),
        };
      }
      response.resume();
      if (hop >= maxRedirects) throw new GenerationError('aiproxy_error', 'Too many redirects.', false);
      url = new URL(location, url);
      if (
        response.statusCode === 303 ||
        ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = undefined;
        headers = withoutHeaders(headers, ['content-type', 'content-length']);
      }
      if (url.host !== originalHost) headers = withoutHeaders(headers, ['authorization', 'cookie']);
    }
  }

  private async resolve(hostname: string): Promise<ResolvedAddress[]> {
    try {
      return await this.resolver(hostname);
    } catch (error) {
      throw new GenerationError('aiproxy_error', `The host ${hostname} could not be resolved.`, true, { cause: error });
    }
  }

  private send(
    url: URL,
    resolved: ResolvedAddress,
    init: { method: string; headers: Record<string, string>; body?: string | Buffer; signal?: AbortSignal },
  ): Promise<IncomingMessage> {
    // Connect to the address that was checked, whatever the name resolves to by now.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, list: { address: string; family: number }[]) => void)(null, [resolved]);
      } else callback(null, resolved.address, resolved.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: init.method,
          headers: init.headers,
          lookup,
          signal: init.signal,
          timeout: this.options.timeoutMs ?? 30_000,
        },
        resolve,
      );
      request.on('timeout', () =>
        request.destroy(new GenerationError('aiproxy_error', `${url.host} did not answer in time.`, true)),
      );
      request.on('error', (error) =>
        reject(
          error instanceof GenerationError || init.signal?.aborted
            ? error
            : new GenerationError('aiproxy_error', `Could not reach ${url.host}: ${error.message}`, true, {
                cause: error,
              }),
        ),
      );
      request.end(init.body);
    });
  }
}

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));
}

async function readText(stream: IncomingMessage, limit = 1_000_000): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > limit) {
      stream.destroy();
      throw new GenerationError('aiproxy_error', 'The provider answer is too large.', false);
    }
  }
  return text;
}
