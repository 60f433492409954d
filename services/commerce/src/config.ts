import { z } from 'zod';
import { envBoolean, envList, envPositiveInt, internalTokenKeyCheck, serviceBaseEnv, storageEnv } from '@kadr/config';

const optionalText = z.string().min(1).optional();
const optionalUrl = z.url({ error: 'must be an absolute URL' }).optional();

/** Commerce's environment (see README.md for every variable). */
export const commerceConfigSchema = z
  .object({
    ...serviceBaseEnv(8082),
    /** Where browsers reach the product (the gateway): payment return pages and the mock page derive from it. */
    PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).default('http://127.0.0.1:8080'),

    /** Credits a new account starts with. */
    WELCOME_CREDITS: z.coerce.number({ error: 'must be a whole number' }).int().nonnegative().default(50),
    /** Pending orders expire after this long. */
    ORDER_EXPIRY_MINUTES: envPositiveInt(24 * 60),
    /** How often a sample of accounts is reconciled against the ledger (the ledger_reconciliation_* metrics). */
    RECONCILIATION_INTERVAL_MS: envPositiveInt(5 * 60_000),
    /** How many accounts, the most recently changed, each reconciliation run checks. */
    RECONCILIATION_SAMPLE_SIZE: envPositiveInt(200),

    PAYMENT_PROVIDER: z.enum(['mock', 'tpay']).default('mock'),
    TPAY_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** Overrides the environment's OpenAPI base URL (e.g. a local fake in tests). */
    TPAY_BASE_URL: optionalUrl,
    TPAY_CLIENT_ID: optionalText,
    TPAY_CLIENT_SECRET: optionalText,
    /** The merchant's security code (the notification's md5sum). */
    TPAY_SECURITY_CODE: optionalText,
    /** When set, notifications must carry this merchant id. */
    TPAY_MERCHANT_ID: optionalText,
    /** The trusted JWS root certificate: PEM text, or a file holding it. */
    TPAY_JWS_ROOT_CA_PEM: optionalText,
    TPAY_JWS_ROOT_CA_FILE: optionalText,
    /** Hosts an x5u certificate URL may name; default by environment (secure[.sandbox].tpay.com). */
    TPAY_JWS_CERT_HOSTS: envList().optional(),
    TPAY_NOTIFICATION_URL: optionalUrl,
    TPAY_SUCCESS_URL: optionalUrl,
    TPAY_ERROR_URL: optionalUrl,
    TPAY_TIMEOUT_MS: envPositiveInt(10_000),
    /** Tests only: allow the Tpay adapter to call loopback/private addresses (a local fake). Refused in production. */
    EGRESS_ALLOW_LOOPBACK_FOR_TESTS: envBoolean(false),

    /** The embedded mode's data folder (memory collections persisted there); unset: nothing persisted. */
    ...storageEnv('commerce'),
  })
  .check(internalTokenKeyCheck)
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.PAYMENT_PROVIDER === 'mock') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'must be tpay in production: the mock provider grants credits without payment',
      });
    }
    if (config.NODE_ENV === 'production' && config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['EGRESS_ALLOW_LOOPBACK_FOR_TESTS'],
        message: 'must be false in production',
      });
    }
    if (config.PAYMENT_PROVIDER === 'tpay') {
      for (const name of ['TPAY_CLIENT_ID', 'TPAY_CLIENT_SECRET', 'TPAY_SECURITY_CODE'] as const) {
        if (!config[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENT_PROVIDER=tpay' });
      }
      if (!config.TPAY_JWS_ROOT_CA_PEM && !config.TPAY_JWS_ROOT_CA_FILE) {
        ctx.addIssue({
          code: 'custom',
          path: ['TPAY_JWS_ROOT_CA_FILE'],
          message: 'required when PAYMENT_PROVIDER=tpay (or TPAY_JWS_ROOT_CA_PEM)',
        });
      }
    }
  });

export type CommerceConfig = z.output<typeof commerceConfigSchema>;
