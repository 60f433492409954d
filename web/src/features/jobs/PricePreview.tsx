import type { AiModel } from '@kadr/contracts';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { previewCharge, type Entitlements } from './charge';
import { useCreditsLabel } from './use-credits-label';
import { jobsMessages } from './messages';
import type { JobOptions } from './price';

export interface PricePreviewProps {
  model: Pick<AiModel, 'price' | 'resolutionByQuality'>;
  options: JobOptions;
  entitlements: Entitlements;
}

/**
 * What a job will cost, before it is submitted: "Included in your plan" when the plan's allowance
 * pays for it, else its credits (the model's price rule) with the balance and what remains after.
 */
export function PricePreview({ model, options, entitlements }: PricePreviewProps) {
  const { t } = useMessages('jobs', jobsMessages);
  const preview = previewCharge(model, options, entitlements);
  const credits = useCreditsLabel();

  if (preview.kind === 'allowance') {
    return (
      <section className="jobs-price jobs-price--included" aria-label={t('price.heading')}>
        <p className="jobs-price__amount" aria-live="polite" aria-atomic="true">
          <CheckIcon />
          {t('price.included')}
        </p>
        <p className="jobs-price__meta">
          {preview.limit === null
            ? t('price.allowanceUnlimited')
            : t('price.allowanceUsage', { used: formatNumber(preview.used), limit: formatNumber(preview.limit) })}
          {' · '}
          {t('price.periodEnds', { date: formatDate(preview.periodEnd) })}
        </p>
      </section>
    );
  }

  const { cost, available, held, remaining } = preview;
  const short = remaining !== null && remaining < 0;
  return (
    <section className="jobs-price" aria-label={t('price.heading')}>
      <p className="jobs-price__amount" aria-live="polite" aria-atomic="true">
        {cost === null ? t('price.unavailable') : credits(cost)}
      </p>
      {cost !== null && (
        <p className="jobs-price__formula">
          {t('price.formula', {
            count: model.price.creditsPerSecond,
            perSecond: formatNumber(model.price.creditsPerSecond),
            duration: formatNumber(options.duration),
            quality: formatNumber(model.price.qualityFactors[options.quality]),
            speed: formatNumber(model.price.speedFactors[options.speed]),
          })}
        </p>
      )}
      {preview.allowanceUsedUp && <p className="jobs-price__note">{t('price.allowanceUsedUp')}</p>}
      {available === null ? (
        <p className="jobs-price__note">{t('price.balanceUnknown')}</p>
      ) : (
        <dl className="jobs-price__ledger">
          <div className="jobs-price__row">
            <dt>{t('price.available')}</dt>
            <dd>{credits(available)}</dd>
          </div>
          {held > 0 && (
            <div className="jobs-price__row jobs-price__row--muted">
              <dt>{t('price.held')}</dt>
              <dd>{credits(held)}</dd>
            </div>
          )}
          {remaining !== null && (
            <div
              className={['jobs-price__row', 'jobs-price__row--total', short && 'jobs-price__row--short']
                .filter(Boolean)
                .join(' ')}
            >
              <dt>{t('price.after')}</dt>
              <dd>{short ? `−${credits(-remaining)}` : credits(remaining)}</dd>
            </div>
          )}
        </dl>
      )}
      {short && (
        <p className="jobs-price__warning" role="status">
          {t('price.notEnough')} <Link to="/buy-credits">{t('price.buyCredits')}</Link>
        </p>
      )}
    </section>
  );
}

function CheckIcon() {
  return (
    <svg className="jobs-price__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8" fill="currentColor" opacity="0.16" />
      <path
        d="m6.5 10.2 2.3 2.3 4.7-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
