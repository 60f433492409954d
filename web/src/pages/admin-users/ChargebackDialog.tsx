import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { AdminOrder } from '@kadr/contracts';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { chargeBackAdminOrder } from '../../api/endpoints';
import { PLAN_NAMES } from '../../features/commerce/use-commerce-text';
import { useCreditsLabel } from '../../features/jobs/use-credits-label';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications/toast-store';
import { ConfirmDialog, Field, TextArea } from '../../ui';
import { useDescribeError } from '../admin-shared/use-describe-error';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { CHARGEBACK_REASON_MAX_LENGTH, CHARGEBACK_REASON_MIN_LENGTH } from './admin-users-limits';
import { adminUsersMessages } from './messages';
import { shortOrderId } from '../../features/commerce/order-links';

export interface ChargebackDialogProps {
  /** The paid order to mark refunded; null: the dialog is closed. */
  order: AdminOrder | null;
  /** How the user is named to the administrator (their e-mail). */
  email: string;
  onClose: () => void;
}

/**
 * Confirms marking a paid order refunded after a chargeback, with the reason the user will read (required).
 * One Idempotency-Key per order asked about: confirming again after a lost answer reuses it, so commerce
 * marks the order once; a refusal (4xx) changed nothing, so the next try gets a new key. After it, every
 * admin list refreshes (the order's row shows what was taken back and the shortfall) and a toast says it.
 */
export function ChargebackDialog({ order, email, onClose }: ChargebackDialogProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const creditsLabel = useCreditsLabel();
  const describeError = useDescribeError();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The key for the order asked about, kept across tries until a refusal or a success. */
  const key = useRef<{ orderId: string; value: string } | null>(null);

  const mark = useMutation({
    mutationFn: ({ orderId, why, idempotencyKey }: { orderId: string; why: string; idempotencyKey: string }) =>
      chargeBackAdminOrder(orderId, { reason: why }, idempotencyKey),
    onSuccess: ({ data }) => {
      key.current = null;
      setReason('');
      const number = shortOrderId(data.id);
      const taken = data.chargeback?.takenCredits ?? 0;
      const shortfall = data.chargeback?.shortfallCredits ?? 0;
      if (data.kind === 'plan') toast.success(t('orders.chargeback.donePlan', { order: number }));
      else if (shortfall > 0) {
        toast.success(
          t('orders.chargeback.doneShortfall', {
            order: number,
            taken: creditsLabel(taken),
            shortfall: creditsLabel(shortfall),
          }),
        );
      } else toast.success(t('orders.chargeback.done', { order: number, taken: creditsLabel(taken) }));
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (failure) => {
      // A refusal (4xx) marked nothing: the next try is a new request. Without an answer it may have been.
      if (isApiError(failure) && failure.status >= 400 && failure.status < 500) key.current = null;
      if (isApiError(failure) && failure.status === 400 && failure.fieldErrors.reason) {
        setError(failure.fieldErrors.reason);
      } else if (isApiError(failure) && (failure.status === 409 || failure.status === 404)) {
        setRefusal(failure.detail?.trim() || failure.message);
        void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      } else {
        toast.error(describeError(failure));
      }
    },
  });

  const close = () => {
    setError(null);
    setRefusal(null);
    onClose();
  };

  const onConfirm = () => {
    if (!order) return;
    setRefusal(null);
    const why = reason.trim();
    if (why.length < CHARGEBACK_REASON_MIN_LENGTH) setError(t('orders.chargeback.reasonTooShort'));
    else if (why.length > CHARGEBACK_REASON_MAX_LENGTH) {
      setError(t('orders.chargeback.reasonTooLong', { max: CHARGEBACK_REASON_MAX_LENGTH }));
    } else {
      setError(null);
      if (key.current?.orderId !== order.id) key.current = { orderId: order.id, value: newIdempotencyKey() };
      return mark.mutateAsync({ orderId: order.id, why, idempotencyKey: key.current.value });
    }
    // Not sent: the dialog stays open with the field's error.
    return Promise.reject(new Error('invalid reason'));
  };

  const number = order ? shortOrderId(order.id) : '';
  const description = !order
    ? undefined
    : order.kind === 'plan' && order.planId
      ? t('orders.chargeback.bodyPlan', { plan: PLAN_NAMES[order.planId] })
      : t('orders.chargeback.bodyPackage', { credits: creditsLabel(order.credits) });
  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('orders.chargeback.title', { order: number, email })}
      description={description}
      confirmLabel={t('orders.chargeback.confirm')}
      cancelLabel={t('cancel')}
      variant="danger"
      onConfirm={onConfirm}
    >
      <Field
        label={t('orders.chargeback.reasonLabel')}
        hint={t('orders.chargeback.reasonHint', { max: CHARGEBACK_REASON_MAX_LENGTH })}
        error={error ?? undefined}
        required
      >
        <TextArea
          value={reason}
          rows={2}
          maxLength={CHARGEBACK_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      {refusal && (
        <p className="admin-users-credits-refusal" role="alert">
          {t('orders.chargeback.notDone', { detail: refusal })}
        </p>
      )}
    </ConfirmDialog>
  );
}
