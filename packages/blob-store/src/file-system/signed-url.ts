import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed URLs of embedded mode: `${publicBaseUrl}${pathPrefix}/<key>?expires=<unix s>&signature=<hex>`,
 * where signature = HMAC-SHA256(secret, `${key}\n${expires}`). The newline cannot occur in a key, so
 * no other (key, expires) pair signs to the same bytes. Building and parsing live together here so
 * the store and the HTTP handler cannot drift apart.
 */

export const DEFAULT_SIGNED_PATH_PREFIX = '/blobs';
export const MIN_SECRET_BYTES = 32;

export function signingKeyFrom(secret: string | Buffer): Buffer {
  const bytes = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new Error(`the blob URL signing secret must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
  return bytes;
}

export function normalizePathPrefix(pathPrefix: string): string {
  const trimmed = pathPrefix.replace(/\/+$/, '');
  return trimmed.startsWith('/') || trimmed === '' ? trimmed : `/${trimmed}`;
}

function signature(signingKey: Buffer, key: string, expires: number): Buffer {
  return createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest();
}

const encodeKeyPath = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

export function buildSignedUrl(options: {
  publicBaseUrl: string;
  pathPrefix: string;
  signingKey: Buffer;
  key: string;
  expires: number;
}): string {
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const sig = signature(options.signingKey, options.key, options.expires).toString('hex');
  return `${base}${normalizePathPrefix(options.pathPrefix)}/${encodeKeyPath(options.key)}?expires=${options.expires}&signature=${sig}`;
}

export interface SignedRequest {
  key: string;
  expires: number;
  signature: string;
}

/**
 * Reads key, expiry and signature from a request URL (path + query). `outside` when the path is not
 * under the prefix, `malformed` when it is but cannot be a signed URL.
 */
export function parseSignedRequestUrl(requestUrl: string, pathPrefix: string): SignedRequest | 'outside' | 'malformed' {
  const url = new URL(requestUrl, 'http://signed.invalid');
  const prefix = `${normalizePathPrefix(pathPrefix)}/`;
  if (!url.pathname.startsWith(prefix)) return 'outside';
  let key: string;
  try {
    key = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return 'malformed';
  }
  const expires = url.searchParams.get('expires') ?? '';
  const sig = url.searchParams.get('signature') ?? '';
  if (key === '' || !/^\d{1,15}$/.test(expires) || sig === '') return 'malformed';
  return { key, expires: Number(expires), signature: sig };
}

export type SignatureCheck = 'valid' | 'bad-signature' | 'expired';

/** Constant-time check of the signature, then of the expiry (a URL is valid up to and including `expires`). */
export function checkSignedRequest(signingKey: Buffer, request: SignedRequest, nowSeconds: number): SignatureCheck {
  const expected = signature(signingKey, request.key, request.expires);
  const given = /^[0-9a-f]{64}$/i.test(request.signature) ? Buffer.from(request.signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  return nowSeconds > request.expires ? 'expired' : 'valid';
}
