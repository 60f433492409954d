import { X509Certificate } from 'node:crypto';
import { flattenedVerify } from 'jose';
import type { EgressClient } from './egress';

export type JwsFailure =
  | 'missing_signature'
  | 'malformed_signature'
  | 'unsupported_algorithm'
  | 'untrusted_certificate_url'
  | 'certificate_unavailable'
  | 'untrusted_certificate'
  | 'bad_signature';

export class JwsVerificationError extends Error {
  constructor(readonly failure: JwsFailure) {
    super(`notification signature rejected: ${failure}`);
    this.name = 'JwsVerificationError';
  }
}

export interface JwsVerifierOptions {
  /** The trusted root (PEM). */
  rootPem: string;
  /** Hosts an `x5u` may name (https only). */
  certificateHosts: readonly string[];
  /** Fetches the certificate (egress-limited to the certificate hosts). */
  egress: EgressClient;
  /** Tests only (EGRESS_ALLOW_LOOPBACK_FOR_TESTS): accept an http `x5u` on a local fake. */
  allowPlainHttp?: boolean;
  /** How long a fetched certificate is reused. Default 1 h. */
  cacheMs?: number;
  clock?: () => number;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Verifies Tpay's `X-JWS-Signature` (INFRA-NOTES): a JWS with a detached payload, RS256, whose
 * protected header names in `x5u` a certificate on Tpay's secure host; the certificate (and any
 * intermediates in the same file) must chain to the configured root and be valid now, and its
 * key must verify the signature over the header and the base64url of the raw body.
 */
export class TpayJwsVerifier {
  private readonly root: X509Certificate;
  private readonly hosts: Set<string>;
  private readonly cache = new Map<string, { chain: X509Certificate[]; until: number }>();
  private readonly clock: () => number;

  constructor(private readonly options: JwsVerifierOptions) {
    this.root = new X509Certificate(options.rootPem);
    this.hosts = new Set(options.certificateHosts.map((h) => h.toLowerCase()));
    this.clock = options.clock ?? Date.now;
  }

  async verify(signature: string | undefined, rawBody: Buffer): Promise<void> {
    if (!signature) throw new JwsVerificationError('missing_signature');
    const parts = signature.trim().split('.');
    if (parts.length !== 3 || parts[1] !== '' || !parts[0] || !parts[2]) {
      throw new JwsVerificationError('malformed_signature');
    }
    const [protectedHeader, , signaturePart] = parts as [string, string, string];
    const header = decodeHeader(protectedHeader);
    if (header.alg !== 'RS256') throw new JwsVerificationError('unsupported_algorithm');
    const chain = await this.certificateChain(header.x5u);
    const leaf = chain[0]!;
    try {
      await flattenedVerify(
        { protected: protectedHeader, payload: rawBody.toString('base64url'), signature: signaturePart },
        leaf.publicKey,
        { algorithms: ['RS256'] },
      );
    } catch {
      throw new JwsVerificationError('bad_signature');
    }
  }

  private async certificateChain(x5u: unknown): Promise<X509Certificate[]> {
    if (typeof x5u !== 'string') throw new JwsVerificationError('untrusted_certificate_url');
    let url: URL;
    try {
      url = new URL(x5u);
    } catch {
      throw new JwsVerificationError('untrusted_certificate_url');
    }
    const schemeOk = url.protocol === 'https:' || (url.protocol === 'http:' && this.options.allowPlainHttp === true);
    if (!schemeOk || !this.hosts.has(url.hostname.toLowerCase()) || url.username || url.password) {
      throw new JwsVerificationError('untrusted_certificate_url');
    }
    const now = this.clock();
    const cached = this.cache.get(url.href);
    if (cached && cached.until > now) {
      this.checkChain(cached.chain, now);
      return cached.chain;
    }
    let pem: string;
    try {
      const response = await this.options.egress({ method: 'GET', url: url.href });
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      pem = response.body;
    } catch {
      throw new JwsVerificationError('certificate_unavailable');
    }
    let chain: X509Certificate[];
    try {
      chain = (pem.match(PEM_BLOCK) ?? []).map((block) => new X509Certificate(block));
    } catch {
      throw new JwsVerificationError('untrusted_certificate');
    }
    this.checkChain(chain, now);
    this.cache.set(url.href, { chain, until: now + (this.options.cacheMs ?? 3_600_000) });
    return chain;
  }

  /** Each certificate issued and signed by the next, the last by the root, all valid now. */
  private checkChain(chain: X509Certificate[], now: number): void {
    if (chain.length === 0) throw new JwsVerificationError('untrusted_certificate');
    const links = [...chain, this.root];
    for (let i = 0; i < chain.length; i += 1) {
      const cert = links[i]!;
      const issuer = links[i + 1]!;
      const valid = Date.parse(cert.validFrom) <= now && now <= Date.parse(cert.validTo);
      const issuedBy = cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
      const issuerMayIssue = issuer === this.root || issuer.ca;
      if (!valid || !issuedBy || !issuerMayIssue) throw new JwsVerificationError('untrusted_certificate');
    }
    if (Date.parse(this.root.validTo) < now) throw new JwsVerificationError('untrusted_certificate');
  }
}

function decodeHeader(segment: string): Record<string, unknown> {
  try {
    const header: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (header === null || typeof header !== 'object') throw new Error('not an object');
    return header as Record<string, unknown>;
  } catch {
    throw new JwsVerificationError('malformed_signature');
  }
}
