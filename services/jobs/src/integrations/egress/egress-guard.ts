import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import {
  checkDestination,
  DestinationUnresolvedError,
  EgressRefusedError,
  pinnedLookup,
  type DestinationPolicy,
  type EgressRefusal,
  type ResolvedAddress,
} from '@kadr/http-kit';
import { GenerationError } from '../../domain/generation/video-provider';

/** The shared egress rule (allowlist, https, no internal address) plus how requests are made. */
export interface EgressGuardOptions extends DestinationPolicy {
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
  constructor(reason: EgressRefusal, message: string) {
    super(reason, message, false);
    this.name = 'EgressBlockedError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Every outbound request of a hosted provider goes through here (ARCHITECTURE §4): only
 * allowlisted hosts (else `egress_host_not_allowlisted`); every address the name resolves to is
 * checked and the connection goes to the checked address itself (no second lookup a DNS rebind
 * could change), refusing private, loopback, link-local and metadata ranges (`ssrf_blocked`);
 * redirects are followed by hand and each hop is checked again. Credentials (`authorization`)
 * are dropped when a redirect leaves the original host.
 */
export class EgressGuard {
  constructor(private readonly options: EgressGuardOptions) {}

  /** Throws EgressBlockedError unless the URL may be called (the shared egress rule); resolves with the address to connect to. */
  async check(url: URL): Promise<ResolvedAddress> {
    try {
      return await checkDestination(url, this.options);
    } catch (error) {
      if (error instanceof EgressRefusedError) throw new EgressBlockedError(error.reason, error.message);
      if (error instanceof DestinationUnresolvedError) {
        throw new GenerationError('aiproxy_error', error.message, true, { cause: error.cause });
      }
      throw error;
    }
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

  private send(
    url: URL,
    resolved: ResolvedAddress,
    init: { method: string; headers: Record<string, string>; body?: string | Buffer; signal?: AbortSignal },
  ): Promise<IncomingMessage> {
    // Connect to the address that was checked, whatever the name resolves to by now.
    const lookup = pinnedLookup(resolved);
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
