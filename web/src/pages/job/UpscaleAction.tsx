import type { UpscaleQuote } from '@kadr/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { getUpscaleQuote, upscaleJob } from '../../api/endpoints';
import { retryWithSameKey } from '../../api/idempotency';
import { MUTATION_MAX_RETRIES } from '../../config/constants';
import { jobKeys, useCreditsLabel } from '../../features/jobs';
import { currentLanguage } from '../../i18n/i18n';
import { useMessages } from '../../i18n/use-messages';
import { trackLocalJob } from '../../live';
import { toast } from '../../notifications/toast-store';
import { refreshTopBar } from '../../session/top-bar-store';
import { Button, ConfirmDialog } from '../../ui';
import { jobDetailsMessages } from './messages';

export interface UpscaleActionProps {
  /** A COMPLETED job of the person's. */
  jobId: string;
}

/**
 * "Upscale to 1080×1920 — 15 credits" on a finished video's page (issue 21): the quote (`GET …/upscale`) names the
 * target frame and the price before anything is asked; a confirmation, then `POST …/upscale` with one Idempotency-Key
 * per confirmation (the cache's one retry replays it), and the new job's page. Without a step up within the plan's cap
 * the card says why instead (already the highest resolution, or the plan that lifts the cap).
 */
export function UpscaleAction({ jobId }: UpscaleActionProps) {
  const { t } = useMessages('jobDetails', jobDetailsMessages);
  const creditsLabel = useCreditsLabel();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const quote = useQuery({
    queryKey: jobKeys.upscaleQuote(jobId),
    queryFn: ({ signal }) => getUpscaleQuote(jobId, { signal }).then((answer) => answer.data),
  });
  const upscale = useMutation({
    mutationFn: (idempotencyKey: string) => upscaleJob(jobId, idempotencyKey),
    retry: (failureCount, error) => retryWithSameKey(failureCount, error, MUTATION_MAX_RETRIES),
    onSuccess: (job) => {
      trackLocalJob(job.id, job.createdAt);
      refreshTopBar().catch(() => undefined);
      void navigate(`/jobs/${encodeURIComponent(job.id)}`);
    },
    onError: (error) => {
      const detail = isApiError(error) ? error.detail?.trim() : undefined;
      toast.error(detail && currentLanguage() === 'en' ? detail : t('upscale.failed'));
    },
  });

  // Nothing to say until the quote is in; a quote that cannot be read leaves the page as it was.
  if (!quote.data) return null;
  const offer = quote.data;
  if (!offer.available || offer.width === null || offer.height === null || offer.cost === null) {
    return <UpscaleRefusal quote={offer} />;
  }
  const frame = `${offer.width}×${offer.height}`;
  const price = creditsLabel(offer.cost);
  return (
    <div className="job-upscale">
      <Button variant="secondary" loading={upscale.isPending} onClick={() => setConfirming(true)}>
        {t('upscale.button', { frame, price })}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('upscale.title', { frame })}
        description={t('upscale.description', { frame, price })}
        confirmLabel={t('upscale.confirm', { price })}
        cancelLabel={t('upscale.keep')}
        onConfirm={() => {
          if (upscale.isPending) return;
          upscale.mutate(newIdempotencyKey());
        }}
      />
    </div>
  );
}

function UpscaleRefusal({ quote }: { quote: UpscaleQuote }) {
  const { t } = useMessages('jobDetails', jobDetailsMessages);
  if (quote.refusal === 'top') return <p className="job-muted job-upscale">{t('upscale.top')}</p>;
  if (quote.refusal === 'plan_cap' && quote.width !== null && quote.height !== null && quote.requiredPlan) {
    return (
      <p className="job-muted job-upscale">
        {t('upscale.planCap', {
          frame: `${quote.width}×${quote.height}`,
          cap: quote.maxResolution,
          plan: t(`upscale.plans.${quote.requiredPlan}`),
        })}{' '}
        <Link to="/subscription">{t('upscale.plansLink')}</Link>
      </p>
    );
  }
  return null;
}
