import { readFileSync } from 'node:fs';
import type { CommerceConfig } from '../../config';
import { MockPaymentProvider } from '../../domain/payments/mock-payment-provider';
import type { PaymentProvider } from '../../domain/payments/payment-provider';
import { createEgressClient, type EgressClient } from './egress';
import { TpayJwsVerifier } from './jws-verifier';
import { TpayApi } from './tpay-api';
import type { TpaySetup } from './tpay-diagnostics';
import type { NotificationCheckOptions } from './tpay-notification';
import { TpayPaymentProvider } from './tpay-payment-provider';
import { TPAY_BASE_URLS, TPAY_CERTIFICATE_HOSTS, type TpaySettings } from './tpay-settings';

/** The Tpay settings the configuration gives, or null when Tpay is not configured. */
export function tpaySettingsOf(config: CommerceConfig): TpaySettings | null {
  const { TPAY_CLIENT_ID, TPAY_CLIENT_SECRET, TPAY_SECURITY_CODE } = config;
  if (!TPAY_CLIENT_ID || !TPAY_CLIENT_SECRET || !TPAY_SECURITY_CODE) return null;
  const rootPem =
    config.TPAY_JWS_ROOT_CA_PEM ??
    (config.TPAY_JWS_ROOT_CA_FILE ? readFileSync(config.TPAY_JWS_ROOT_CA_FILE, 'utf8') : '');
  if (!rootPem) return null;
  const publicPage = (path: string) => new URL(path, config.PUBLIC_URL).href;
  return {
    environment: config.TPAY_ENVIRONMENT,
    baseUrl: config.TPAY_BASE_URL ?? TPAY_BASE_URLS[config.TPAY_ENVIRONMENT],
    clientId: TPAY_CLIENT_ID,
    clientSecret: TPAY_CLIENT_SECRET,
    securityCode: TPAY_SECURITY_CODE,
    merchantId: config.TPAY_MERCHANT_ID,
    jwsRootPem: rootPem,
    jwsCertificateHosts: config.TPAY_JWS_CERT_HOSTS ?? TPAY_CERTIFICATE_HOSTS[config.TPAY_ENVIRONMENT],
    notificationUrl: config.TPAY_NOTIFICATION_URL ?? publicPage('/bff/platform/api/commerce/payment/tpay/notification'),
    successUrl: config.TPAY_SUCCESS_URL ?? publicPage('/payment/success'),
    errorUrl: config.TPAY_ERROR_URL ?? publicPage('/payment/failure'),
    timeoutMs: config.TPAY_TIMEOUT_MS,
    allowLoopbackForTests: config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS,
  };
}

export interface TpayWiring extends TpaySetup {
  notificationCheck: NotificationCheckOptions | null;
}

/**
 * The Tpay adapter: one egress client allowed to reach only the API host and the certificate
 * hosts, the API client (token cache) and the notification verifier.
 */
export function wireTpay(settings: TpaySettings | null, egressOverride?: EgressClient): TpayWiring {
  if (!settings) return { settings: null, api: null, notificationCheck: null };
  const egress =
    egressOverride ??
    createEgressClient({
      allowedHosts: [new URL(settings.baseUrl).hostname, ...settings.jwsCertificateHosts],
      allowLoopbackForTests: settings.allowLoopbackForTests,
      timeoutMs: settings.timeoutMs,
    });
  const api = new TpayApi(settings, egress);
  const verifier = new TpayJwsVerifier({
    rootPem: settings.jwsRootPem,
    certificateHosts: settings.jwsCertificateHosts,
    egress,
    allowPlainHttp: settings.allowLoopbackForTests,
  });
  return {
    settings,
    api,
    notificationCheck: { verifier, securityCode: settings.securityCode, merchantId: settings.merchantId },
  };
}

/** PAYMENT_PROVIDER's provider: Tpay (which must then be configured) or the mock checkout. */
export function paymentProviderOf(config: CommerceConfig, tpay: TpayWiring): PaymentProvider {
  if (config.PAYMENT_PROVIDER !== 'tpay') return new MockPaymentProvider(config.PUBLIC_URL);
  if (!tpay.api || !tpay.settings) throw new Error('PAYMENT_PROVIDER=tpay but Tpay is not configured');
  return new TpayPaymentProvider(tpay.api, tpay.settings);
}
