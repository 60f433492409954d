import type { TpayDiagnostics } from '@kadr/contracts';
import { useId, type ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { Button, Spinner } from '../../ui';
import { useCommerceText } from './use-commerce-text';
import type { PaymentDiagnostics } from './use-payment-diagnostics';

/**
 * The payment service's set-up in words (spec §7 diagnostics): provider, whether Tpay is configured
 * and can sign in, its last error code; the administrator also sees the non-secret settings. Shown
 * when a payment could not start or went to the simulator.
 */
export function PaymentDiagnosticsPanel({
  diagnostics,
  className,
}: {
  diagnostics: Pick<PaymentDiagnostics, 'data' | 'error' | 'isFetching' | 'refresh'>;
  className?: string;
}) {
  const { t } = useCommerceText();
  const titleId = useId();
  const { data, error, isFetching, refresh } = diagnostics;
  return (
    <section
      className={['commerce-diagnostics', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-busy={isFetching || undefined}
    >
      <div className="commerce-diagnostics__head">
        <h2 id={titleId} className="commerce-diagnostics__title">
          {t('diagnostics.title')}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => void refresh()} loading={isFetching}>
          {t('diagnostics.retry')}
        </Button>
      </div>
      <p className="commerce-diagnostics__lead">{t('diagnostics.lead')}</p>
      {data ? (
        <DiagnosticsFacts data={data} />
      ) : isFetching ? (
        <Spinner size="sm" label={t('diagnostics.loading')} />
      ) : error ? (
        <p className="commerce-diagnostics__failed">{t('diagnostics.failed')}</p>
      ) : null}
    </section>
  );
}

function DiagnosticsFacts({ data }: { data: TpayDiagnostics }) {
  const { t } = useCommerceText();
  const yesNo = (value: boolean) => (value ? t('diagnostics.yes') : t('diagnostics.no'));
  const { tpay, config } = data;
  const token =
    tpay.tokenObtainable === null
      ? t('diagnostics.tokenStates.unchecked')
      : tpay.tokenObtainable
        ? t('diagnostics.tokenStates.ok')
        : t('diagnostics.tokenStates.failing');
  return (
    <>
      {data.provider === 'mock' && <p className="commerce-diagnostics__note">{t('diagnostics.mockNote')}</p>}
      <dl className="commerce-diagnostics__facts">
        <Fact label={t('diagnostics.provider')}>{t(`diagnostics.providers.${data.provider}`)}</Fact>
        <Fact label={t('diagnostics.tpayConfigured')}>{yesNo(tpay.configured)}</Fact>
        <Fact label={t('diagnostics.environment')}>
          {tpay.environment ? t(`diagnostics.environments.${tpay.environment}`) : t('diagnostics.notSet')}
        </Fact>
        <Fact label={t('diagnostics.token')}>{token}</Fact>
        <Fact label={t('diagnostics.lastError')}>
          {tpay.lastError
            ? t('diagnostics.lastErrorValue', { reason: tpay.lastError.reason, at: formatDateTime(tpay.lastError.at) })
            : t('diagnostics.none')}
        </Fact>
      </dl>
      {config && (
        <>
          <h3 className="commerce-diagnostics__subtitle">{t('diagnostics.configTitle')}</h3>
          <dl className="commerce-diagnostics__facts">
            <Fact label={t('diagnostics.config.baseUrl')}>
              <code>{config.baseUrl}</code>
            </Fact>
            <Fact label={t('diagnostics.config.clientIdSet')}>{yesNo(config.clientIdSet)}</Fact>
            <Fact label={t('diagnostics.config.clientSecretSet')}>{yesNo(config.clientSecretSet)}</Fact>
            <Fact label={t('diagnostics.config.securityCodeSet')}>{yesNo(config.securityCodeSet)}</Fact>
            <Fact label={t('diagnostics.config.jwsRootConfigured')}>{yesNo(config.jwsRootConfigured)}</Fact>
            <Fact label={t('diagnostics.config.jwsCertificateHosts')}>
              {config.jwsCertificateHosts.length > 0 ? config.jwsCertificateHosts.join(', ') : t('diagnostics.none')}
            </Fact>
            <Fact label={t('diagnostics.config.notificationUrl')}>
              <code>{config.notificationUrl}</code>
            </Fact>
            <Fact label={t('diagnostics.config.successUrl')}>
              <code>{config.successUrl}</code>
            </Fact>
            <Fact label={t('diagnostics.config.errorUrl')}>
              <code>{config.errorUrl}</code>
            </Fact>
            <Fact label={t('diagnostics.config.timeoutMs')}>
              {t('diagnostics.config.timeoutValue', { value: formatNumber(config.timeoutMs) })}
            </Fact>
          </dl>
        </>
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="commerce-diagnostics__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
