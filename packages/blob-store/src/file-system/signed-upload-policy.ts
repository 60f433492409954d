import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadPolicy } from '../port';

/**
 * The upload forms of embedded mode, shaped like S3's POST Object so a browser sends the same form to
 * either: fields `key`, `Content-Type`, `policy` (base64url JSON of what is allowed) and
 * `x-kadr-signature` = HMAC-SHA256(secret, `upload\n` + policy). The `upload\n` prefix keeps an
 * upload signature from ever being valid as a download signature (signed-url.ts) and vice versa.
 */

export const POLICY_FIELD = 'policy';
export const SIGNATURE_FIELD = 'x-kadr-signature';

export interface SignedPolicy {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Unix seconds; valid up to and including this second. */
  expires: number;
}

const sign = (signingKey: Buffer, encodedPolicy: string): Buffer =>
  createHmac('sha256', signingKey).update(`upload\n${encodedPolicy}`).digest();

export function buildUploadFields(
  signingKey: Buffer,
  policy: UploadPolicy,
  nowSeconds: number,
): Record<string, string> {
  const signed: SignedPolicy = {
    key: policy.key,
    contentType: policy.contentType,
    maxBytes: policy.maxBytes,
    expires: nowSeconds + policy.expiresInSeconds,
  };
  const encoded = Buffer.from(JSON.stringify(signed), 'utf8').toString('base64url');
  return {
    key: policy.key,
    'Content-Type': policy.contentType,
    [POLICY_FIELD]: encoded,
    [SIGNATURE_FIELD]: sign(signingKey, encoded).toString('hex'),
  };
}

export type PolicyCheck =
  { ok: true; policy: SignedPolicy } | { ok: false; reason: 'bad-signature' | 'expired' | 'mismatch' };

/**
 * Checks a form's fields: the signature (constant time), then the expiry, then that the form's
 * `key` and `Content-Type` are the ones the policy names (S3 refuses a form whose fields break its
 * policy's conditions the same way).
 */
export function checkUploadFields(signingKey: Buffer, fields: Record<string, string>, nowSeconds: number): PolicyCheck {
  const encoded = fields[POLICY_FIELD] ?? '';
  const given = /^[0-9a-f]{64}$/i.test(fields[SIGNATURE_FIELD] ?? '')
    ? Buffer.from(fields[SIGNATURE_FIELD]!, 'hex')
    : Buffer.alloc(0);
  const expected = sign(signingKey, encoded);
  if (encoded === '' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  // Signed by us, so well-formed; parsed defensively all the same.
  const policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SignedPolicy;
  if (nowSeconds > policy.expires) return { ok: false, reason: 'expired' };
  if (fields.key !== policy.key || fields['Content-Type'] !== policy.contentType)
    return { ok: false, reason: 'mismatch' };
  return { ok: true, policy };
}
