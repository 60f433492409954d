import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { cancelJob } from '../../api/endpoints';
import { retryWithSameKey } from '../../api/idempotency';
import { MUTATION_MAX_RETRIES } from '../../config/constants';
import { currentLanguage } from '../../i18n/i18n';
import { useMessages } from '../../i18n/use-messages';
import { applyLiveEvent } from '../../live';
import { toast } from '../../notifications/toast-store';
import { Button, ConfirmDialog } from '../../ui';
import { jobsMessages } from './messages';

/** How much of the prompt names the job in the button's accessible name and in the dialog. */
const LABEL_EXCERPT_LENGTH = 40;
const DESCRIPTION_EXCERPT_LENGTH = 80;

const excerpt = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

export interface CancelJobOptions {
  /**
   * Where focus goes when the button leaves the page while it (or its dialog) has focus — the job
   * was cancelled or ended meanwhile — so focus does not fall back to the start of the document.
   * Usually the list's heading (with `tabIndex={-1}`).
   */
  focusAfter?: RefObject<HTMLElement | null>;
}

export interface CancelJobButtonProps extends CancelJobOptions {
  jobId: string;
  /** The job's name as its card shows it (the prompt, or "New video"). */
  title: string;
}

/**
 * "Cancel" on a PENDING or PROCESSING job: asks first, then `POST /jobs/{id}/cancel` with one
 * Idempotency-Key per confirmation (the cache's one retry replays it; a 409 is final). The answer
 * is applied to the live store as the stream's `cancelled` event would be, so the job leaves the
 * active list at once and a late event changes nothing; the balance follows through the stream's
 * `credits` event. A 409 (finished or failed first) says why: the server's sentence in English,
 * our own words otherwise. The button stays focusable but inert while the request runs.
 */
export function CancelJobButton({ jobId, title, focusAfter }: CancelJobButtonProps) {
  const { t } = useMessages('jobs', jobsMessages);
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** For the clean-up below: the (modal) dialog is open, or a confirmed request has not failed. */
  const dialogOpen = useRef(false);
  const requested = useRef(false);
  const openDialog = (open: boolean) => {
    dialogOpen.current = open;
    setConfirming(open);
  };

  // Callbacks on the mutation itself (not on `mutate`) still run when the stream's `cancelled`
  // event has already taken this button away.
  const cancel = useMutation({
    mutationFn: (idempotencyKey: string) => cancelJob(jobId, idempotencyKey),
    retry: (failureCount, error) =>
      retryWithSameKey(failureCount, error, MUTATION_MAX_RETRIES, { conflictIsKept: true }),
    onSuccess: ({ data }) => {
      applyLiveEvent('cancelled', data);
      toast.success(t(data.chargedFrom === 'allowance' ? 'cancel.doneAllowance' : 'cancel.done'));
    },
    onError: (error) => {
      requested.current = false;
      if (isApiError(error) && error.reason === 'conflict') {
        const detail = error.detail?.trim();
        toast.error(detail && currentLanguage() === 'en' ? detail : t('cancel.tooLate'));
        return;
      }
      const message = error instanceof Error ? error.message : '';
      toast.error(t('cancel.failed', { message }).trim());
    },
  });

  useLayoutEffect(() => {
    const button = buttonRef.current;
    return () => {
      // Layout clean-ups run before React takes the button out of the document. Focus is moved
      // only when it is ours: on the button, in the dialog, or lost during our own request (an
      // answer quicker than the dialog's focus return). A job ending elsewhere never moves it.
      const active = document.activeElement;
      const lost = active === null || active === document.body;
      if (dialogOpen.current || button?.contains(active) || (requested.current && lost)) {
        // eslint-disable-next-line react-hooks/exhaustive-deps -- the target (the list's heading) is outside this component and outlives it: its node now is the one wanted
        focusAfter?.current?.focus();
      }
    };
  }, [focusAfter]);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        size="sm"
        loading={cancel.isPending}
        aria-label={t('cancel.label', { title: excerpt(title, LABEL_EXCERPT_LENGTH) })}
        onClick={() => openDialog(true)}
      >
        {t('cancel.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={openDialog}
        title={t('cancel.title')}
        description={t('cancel.description', { title: excerpt(title, DESCRIPTION_EXCERPT_LENGTH) })}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        variant="danger"
        onConfirm={() => {
          if (cancel.isPending) return;
          requested.current = true;
          cancel.mutate(newIdempotencyKey());
        }}
      />
    </>
  );
}
