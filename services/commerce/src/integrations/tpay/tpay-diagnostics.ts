import type { PaymentProviderName, TpayDiagnostics } from '@kadr/contracts';
import type { TpayApi } from './tpay-api';
import type { TpaySettings } from './tpay-settings';

export interface TpaySetup {
  /** Null when Tpay is not configured. */
  settings: TpaySettings | null;
  api: TpayApi | null;
}

/** How long the diagnostics wait for a token before saying "no". */
const TOKEN_CHECK_TIMEOUT_MS = 5_000;

/**
 * `GET …/payment/tpay/diag`: the active provider, whether Tpay is configured and can issue a
 * token now, the last error's code. Secret values never appear; the administrator also sees
 * the non-secret settings (and whether each secret is set).
 */
export async function tpayDiagnostics(
  provider: PaymentProviderName,
  setup: TpaySetup,
  asAdministrator: boolean,
): Promise<TpayDiagnostics> {
  const { settings, api } = setup;
  let tokenObtainable: boolean | null = null;
  if (api) {
    tokenObtainable = await Promise.race([
      api.accessToken().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), TOKEN_CHECK_TIMEOUT_MS).unref()),
    ]);
  }
  const lastError = api?.lastError ?? null;
  const result: TpayDiagnostics = {
    provider,
    tpay: {
      configured: settings !== null,
      environment: settings?.environment ?? null,
      tokenObtainable,
      lastError: lastError ? { reason: lastError.reason, at: lastError.at.toISOString() } : null,
    },
  };
  if (asAdministrator && settings) {
    result.config = {
      baseUrl: settings.baseUrl,
      clientIdSet: settings.clientId !== '',
      clientSecretSet: settings.clientSecret !== '',
      securityCodeSet: settings.securityCode !== '',
      jwsRootConfigured: settings.jwsRootPem !== '',
      jwsCertificateHosts: [...settings.jwsCertificateHosts],
      notificationUrl: settings.notificationUrl,
      successUrl: settings.successUrl,
      errorUrl: settings.errorUrl,
      timeoutMs: settings.timeoutMs,
    };
  }
  return result;
}
