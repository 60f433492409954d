import { createHash, timingSafeEqual } from 'node:crypto';
import type { ProviderConfirmation } from '../../domain/payments/provider-confirmation';
import { JwsVerificationError, type JwsFailure, type TpayJwsVerifier } from './jws-verifier';

/** Why a notification was refused: a fixed set (a metric's label). */
export type NotificationRejection =
  'missing_fields' | 'bad_md5' | 'wrong_merchant' | 'bad_amount' | `jws_${JwsFailure | 'error'}`;

export class NotificationRejectedError extends Error {
  constructor(readonly rejection: NotificationRejection) {
    super(`Tpay notification rejected: ${rejection}`);
    this.name = 'NotificationRejectedError';
  }
}

const REQUIRED = ['id', 'tr_id', 'tr_amount', 'tr_crc', 'tr_status', 'md5sum'] as const;

/** `12.34` → 1234 (exactly two decimals or none; no floats involved). */
export function parseAmountMinor(text: string | null | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** `md5(id + tr_id + tr_amount + tr_crc + security code)`, as Tpay computes it (INFRA-NOTES). */
export function tpayMd5(
  fields: { id: string; tr_id: string; tr_amount: string; tr_crc: string },
  securityCode: string,
) {
  return createHash('md5')
    .update(`${fields.id}${fields.tr_id}${fields.tr_amount}${fields.tr_crc}${securityCode}`)
    .digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface NotificationCheckOptions {
  verifier: TpayJwsVerifier;
  securityCode: string;
  merchantId?: string;
}

/**
 * Verifies a Tpay notification — the JWS signature AND the md5sum, never one instead of the
 * other — and turns it into a provider-neutral confirmation. Throws NotificationRejectedError.
 */
export async function verifyTpayNotification(
  rawBody: Buffer,
  jwsSignature: string | undefined,
  options: NotificationCheckOptions,
): Promise<ProviderConfirmation> {
  try {
    await options.verifier.verify(jwsSignature, rawBody);
  } catch (error) {
    const failure = error instanceof JwsVerificationError ? error.failure : 'error';
    throw new NotificationRejectedError(`jws_${failure}`);
  }
  const form = new URLSearchParams(rawBody.toString('utf8'));
  const field = (name: string) => form.get(name) ?? '';
  if (REQUIRED.some((name) => !form.get(name))) throw new NotificationRejectedError('missing_fields');
  const md5Fields = { id: field('id'), tr_id: field('tr_id'), tr_amount: field('tr_amount'), tr_crc: field('tr_crc') };
  if (!sameHex(tpayMd5(md5Fields, options.securityCode), field('md5sum'))) {
    throw new NotificationRejectedError('bad_md5');
  }
  if (options.merchantId && field('id') !== options.merchantId) throw new NotificationRejectedError('wrong_merchant');
  const amountMinor = parseAmountMinor(field('tr_amount'));
  if (amountMinor === null) throw new NotificationRejectedError('bad_amount');
  const paidText = form.get('tr_paid');
  const status = field('tr_status').toUpperCase();
  return {
    provider: 'tpay',
    orderId: field('tr_crc'),
    providerTitle: field('tr_id'),
    amountMinor,
    paidMinor: paidText ? parseAmountMinor(paidText) : amountMinor,
    currency: normaliseCurrency(form.get('tr_currency')),
    outcome: status === 'TRUE' || status === 'PAID' ? 'paid' : status === 'CHARGEBACK' ? 'chargeback' : 'other',
    rawStatus: status,
    testMode: field('test_mode') === '1',
  };
}

/** Tpay sends `PLN` or the ISO 4217 number `985`; no currency means PLN (Tpay's only one here). */
function normaliseCurrency(value: string | null): string {
  if (!value) return 'PLN';
  return value === '985' ? 'PLN' : value.toUpperCase();
}
