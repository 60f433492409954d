import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { adjustAdminUserCredits } from '../../api/endpoints';
import { useCreditsLabel } from '../../features/jobs/use-credits-label';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications/toast-store';
import { Button, ConfirmDialog, Field, TextInput } from '../../ui';
import { useDescribeError } from '../admin-shared/use-describe-error';
import { adminKeys } from '../admin-shared/admin-query-keys';
import {
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_ADJUSTMENT_REASON_MAX_LENGTH,
  CREDIT_ADJUSTMENT_REASON_MIN_LENGTH,
} from './admin-users-limits';
import { adminUsersMessages } from './messages';

export interface CreditAdjustmentFormProps {
  userId: string;
  /** How the user is named to the administrator (their e-mail). */
  email: string;
}

interface Adjustment {
  amount: number;
  reason: string;
}

type FieldErrors = Partial<Record<keyof Adjustment, string>>;

/** The server's field errors by field (`amount`, or a path ending in it). */
function serverFieldErrors(fieldErrors: Record<string, string>): FieldErrors {
  const pick = (field: keyof Adjustment) =>
    Object.entries(fieldErrors).find(([key]) => key === field || key.endsWith(`.${field}`))?.[1];
  return { amount: pick('amount'), reason: pick('reason') };
}

/**
 * The administrator adds credits to a user's balance or takes them (a negative amount), with a reason
 * the user sees on their credit history. Asks for confirmation naming the amount and the user. One
 * Idempotency-Key per submitted form: sending the same form again after a lost answer reuses it, so
 * the server applies the adjustment once; a changed form, a refusal or a success starts a new one.
 */
export function CreditAdjustmentForm({ userId, email }: CreditAdjustmentFormProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const creditsLabel = useCreditsLabel();
  const describeError = useDescribeError();
  const queryClient = useQueryClient();
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Adjustment | null>(null);
  /** The key of the form last sent, and what it sent. */
  const sent = useRef<{ key: string; amount: number; reason: string } | null>(null);

  const adjust = useMutation({
    mutationFn: ({ adjustment, key }: { adjustment: Adjustment; key: string }) =>
      adjustAdminUserCredits(userId, adjustment, key),
    onSuccess: (answer) => {
      sent.current = null;
      setAmountText('');
      setReason('');
      toast.success(t('credits.saved', { credits: creditsLabel(answer.data.balance) }));
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      // A refusal (4xx) applied nothing: the next try is a new adjustment. Without an answer (or
      // on a 5xx) it may have been applied, so the same form keeps its key.
      if (isApiError(error) && error.status >= 400 && error.status < 500) sent.current = null;
      if (isApiError(error) && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
        setErrors(serverFieldErrors(error.fieldErrors));
      } else if (isApiError(error) && error.status === 409) {
        setRefusal(error.detail?.trim() || error.message);
      } else {
        toast.error(describeError(error));
      }
    },
  });

  const validate = (): Adjustment | null => {
    const amount = Number(amountText.trim());
    const found: FieldErrors = {};
    if (amountText.trim() === '' || !Number.isInteger(amount) || amount === 0) {
      found.amount = t('credits.amountInvalid');
    } else if (Math.abs(amount) > CREDIT_ADJUSTMENT_MAX) {
      found.amount = t('credits.amountTooLarge', { max: formatNumber(CREDIT_ADJUSTMENT_MAX) });
    }
    const why = reason.trim();
    if (why.length < CREDIT_ADJUSTMENT_REASON_MIN_LENGTH) found.reason = t('credits.reasonTooShort');
    else if (why.length > CREDIT_ADJUSTMENT_REASON_MAX_LENGTH) {
      found.reason = t('credits.reasonTooLong', { max: CREDIT_ADJUSTMENT_REASON_MAX_LENGTH });
    }
    setErrors(found);
    return found.amount || found.reason ? null : { amount, reason: why };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adjust.isPending) return;
    setRefusal(null);
    const adjustment = validate();
    if (adjustment) setConfirming(adjustment);
  };

  const onConfirm = () => {
    if (!confirming) return;
    const previous = sent.current;
    const same = previous && previous.amount === confirming.amount && previous.reason === confirming.reason;
    const key = same ? previous.key : newIdempotencyKey();
    sent.current = { key, ...confirming };
    adjust.mutate({ adjustment: confirming, key });
  };

  const credits = confirming ? creditsLabel(Math.abs(confirming.amount)) : '';
  return (
    <section className="admin-users-subsection" aria-labelledby="admin-user-credits-heading">
      <h3 id="admin-user-credits-heading" className="admin-users-subheading">
        {t('credits.heading')}
      </h3>
      <form className="admin-users-credits" noValidate onSubmit={onSubmit} aria-labelledby="admin-user-credits-heading">
        <div className="admin-users-credits-fields">
          <Field label={t('credits.amountLabel')} hint={t('credits.amountHint')} error={errors.amount} required>
            <TextInput
              type="number"
              inputMode="numeric"
              step={1}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
            />
          </Field>
          <Field
            label={t('credits.reasonLabel')}
            hint={t('credits.reasonHint', { max: CREDIT_ADJUSTMENT_REASON_MAX_LENGTH })}
            error={errors.reason}
            required
          >
            <TextInput
              value={reason}
              maxLength={CREDIT_ADJUSTMENT_REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
        </div>
        {refusal && (
          <p className="admin-users-credits-refusal" role="alert">
            {t('credits.notSaved', { detail: refusal })}
          </p>
        )}
        <div>
          <Button type="submit" variant="primary" size="sm" loading={adjust.isPending}>
            {t('credits.submit')}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('credits.confirmTitle', { email })}
        description={
          confirming
            ? t(confirming.amount > 0 ? 'credits.confirmAdd' : 'credits.confirmTake', {
                credits,
                email,
                reason: confirming.reason,
              })
            : undefined
        }
        confirmLabel={t('credits.submit')}
        cancelLabel={t('cancel')}
        onConfirm={onConfirm}
      />
    </section>
  );
}
