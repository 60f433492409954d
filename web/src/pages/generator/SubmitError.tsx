import type { JobQuality, Resolution } from '@kadr/contracts';
import { isApiError } from '../../api/api-error';
import { isWithinResolution, planLifting, useCreditsLabel, useOptionLabels } from '../../features/jobs';
import { useMessages } from '../../i18n/use-messages';
import { ButtonLink, ErrorState } from '../../ui';
import { isKeptRefusal } from '../../api/idempotency';
import { generatorMessages } from './messages';

export interface SubmitErrorProps {
  error: unknown;
  /** What was sent, to explain a refusal in the person's terms. */
  quality: JobQuality;
  resolution: Resolution;
  cap: string | null;
  cost: number | null;
  available: number | null;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * Why "Generate" did not work, and the way forward: Insufficient credits → Buy credits; above the
 * plan's cap → Upgrade; too many videos in progress → the server's sentence naming the cap; anything else → the problem's text with Try again (which reuses the
 * request's key when no answer was kept, so nothing runs twice). Field errors are shown by the
 * fields themselves and are not handled here.
 */
export function SubmitError({ error, quality, resolution, cap, cost, available, onRetry, retrying }: SubmitErrorProps) {
  const { t, i18n } = useMessages('generator', generatorMessages);
  const labels = useOptionLabels();
  const credits = useCreditsLabel();

  if (isApiError(error) && error.reason === 'insufficient_credits') {
    return (
      <div className="generator-alert generator-alert--warning" role="alert">
        <p className="generator-alert__title">{t('errors.insufficientTitle')}</p>
        <p className="generator-alert__text">
          {cost !== null && available !== null
            ? t('errors.insufficientDetail', { cost: credits(cost), available: credits(available) })
            : t('errors.insufficientNoDetail')}
        </p>
        <ButtonLink to="/buy-credits" variant="primary" size="sm">
          {t('errors.buyCredits')}
        </ButtonLink>
      </div>
    );
  }

  if (isApiError(error) && error.reason === 'tier_cap') {
    const plan = planLifting(resolution);
    return (
      <div className="generator-alert generator-alert--warning" role="alert">
        <p className="generator-alert__title">{t('errors.tierCapTitle')}</p>
        <p className="generator-alert__text">
          {cap && !isWithinResolution(resolution, cap)
            ? t('errors.tierCap', { quality: labels.quality(quality), resolution, cap })
            : error.message}
          {plan && <> {t('errors.tierCapPlan', { plan: t(`plans.${plan}`) })}</>}
        </p>
        <ButtonLink to="/subscription" variant="primary" size="sm">
          {t('errors.upgrade')}
        </ButtonLink>
      </div>
    );
  }

  if (isApiError(error) && error.reason === 'quota_exceeded') {
    // 429 quota_exceeded on POST /jobs is the plan's cap of videos in progress: the server's sentence
    // names the cap (shown as sent in English; elsewhere our own words). Waiting for a video helps,
    // trying again at once does not, so there is no Try again.
    const english = (i18n.resolvedLanguage ?? i18n.language).startsWith('en');
    return (
      <div className="generator-alert generator-alert--warning" role="alert">
        <p className="generator-alert__title">{t('errors.activeJobsTitle')}</p>
        <p className="generator-alert__text">{english && error.detail ? error.detail : t('errors.activeJobs')}</p>
        <ButtonLink to="/dashboard" variant="primary" size="sm">
          {t('errors.seeInProgress')}
        </ButtonLink>
      </div>
    );
  }

  const transient = !isKeptRefusal(error);
  return (
    <ErrorState
      title={isApiError(error) ? error.title : undefined}
      message={
        <>
          {isApiError(error) ? error.message : t('errors.unexpected')}
          {transient && <span className="generator-alert__hint"> {t('errors.transient')}</span>}
        </>
      }
      correlationId={isApiError(error) ? error.correlationId : undefined}
      onRetry={transient ? onRetry : undefined}
      retrying={retrying}
      retryLabel={t('errors.tryAgain')}
    />
  );
}
