import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress, isLoopbackAddress } from './blocked-addresses';

/**
 * The one egress rule of every outbound call to a third party (ARCHITECTURE §4): only allowlisted
 * hosts (`egress_host_not_allowlisted`), only https, and never an internal address
 * (`ssrf_blocked`) — every address the name resolves to is checked, and the connection then goes
 * to the checked address itself (`pinnedLookup`), so a DNS rebind between check and connect
 * cannot slip past. Each service maps the refusal to its own domain error.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS: every address a name resolves to (tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export type EgressRefusal = 'egress_host_not_allowlisted' | 'ssrf_blocked';

/** The destination may not be called; nothing was sent. */
export class EgressRefusedError extends Error {
  constructor(
    readonly reason: EgressRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

/** The allowlisted name did not resolve (retryable: DNS may answer later); nothing was sent. */
export class DestinationUnresolvedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DestinationUnresolvedError';
  }
}

export interface DestinationPolicy {
  /** Host names that may be called: exact (`api.tpay.com`) or a suffix pattern (`*.fal.media`). */
  allowedHosts: readonly string[];
  /**
   * Tests only (each service's config refuses it in production): an allowlisted host may resolve
   * to a loopback address and be called over http, so a test can talk to a local fake. Private,
   * link-local and metadata addresses stay blocked.
   */
  allowLoopbackForTests?: boolean;
  resolver?: Resolver;
}

/** Whether `hostname` is named by an allowlist entry (exact, or `*.suffix` for any subdomain). */
export function hostMatches(hostname: string, pattern: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const wanted = pattern.toLowerCase().trim();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
  return host === wanted;
}

/** Throws EgressRefusedError or DestinationUnresolvedError unless `url` may be called; else the address to connect to. */
export async function checkDestination(url: URL, policy: DestinationPolicy): Promise<ResolvedAddress> {
  const loopbackForTests = policy.allowLoopbackForTests === true;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new EgressRefusedError('egress_host_not_allowlisted', `The scheme ${url.protocol} is not allowed.`);
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowedHosts.some((pattern) => hostMatches(hostname, pattern))) {
    throw new EgressRefusedError('egress_host_not_allowlisted', `The host ${hostname} is not on the allowlist.`);
  }
  const family = isIP(hostname);
  const addresses =
    family !== 0 ? [{ address: hostname, family: family === 6 ? 6 : 4 } as const] : await resolve(hostname, policy);
  if (addresses.length === 0) throw new DestinationUnresolvedError(`The host ${hostname} did not resolve.`);
  for (const { address } of addresses) {
    if (isBlockedAddress(address) && !(loopbackForTests && isLoopbackAddress(address))) {
      throw new EgressRefusedError('ssrf_blocked', `The host ${hostname} resolves to an internal address.`);
    }
  }
  // Plain http only to a loopback fake in tests: the address is checked first, so an internal
  // destination is reported as what it is (ssrf_blocked) whatever the scheme.
  if (url.protocol === 'http:' && !loopbackForTests) {
    throw new EgressRefusedError('egress_host_not_allowlisted', `Plain http to ${hostname} is not allowed.`);
  }
  return addresses[0]!;
}

async function resolve(hostname: string, policy: DestinationPolicy): Promise<ResolvedAddress[]> {
  try {
    return await (policy.resolver ?? systemResolver)(hostname);
  } catch (error) {
    throw new DestinationUnresolvedError(`The host ${hostname} could not be resolved.`, { cause: error });
  }
}

/** A socket `lookup` that answers with the checked address, whatever the name resolves to by now. */
export function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, list: ResolvedAddress[]) => void)(null, [resolved]);
    } else callback(null, resolved.address, resolved.family);
  };
}
