/** Everything the Tpay adapter needs, resolved from the configuration (see config.ts). */
export interface TpaySettings {
  environment: 'sandbox' | 'production';
  /** OpenAPI base URL, e.g. https://openapi.sandbox.tpay.com. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The merchant's security code: the md5sum check of notifications. */
  securityCode: string;
  /** When set, a notification's `id` must equal it. */
  merchantId?: string;
  /** The trusted root of the notification signatures' certificate chain (PEM). */
  jwsRootPem: string;
  /** Hosts an `x5u` certificate URL may point to (Tpay's secure host). */
  jwsCertificateHosts: readonly string[];
  notificationUrl: string;
  successUrl: string;
  errorUrl: string;
  timeoutMs: number;
  /** Tests only: lets the adapter call a fake on loopback. Refused in production by the config. */
  allowLoopbackForTests: boolean;
}

export const TPAY_BASE_URLS = {
  sandbox: 'https://openapi.sandbox.tpay.com',
  production: 'https://api.tpay.com',
} as const;

export const TPAY_CERTIFICATE_HOSTS = {
  sandbox: ['secure.sandbox.tpay.com'],
  production: ['secure.tpay.com'],
} as const;
