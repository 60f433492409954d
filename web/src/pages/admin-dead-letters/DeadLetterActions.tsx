import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminDeadLetter, AdminDeadLetterActionResponse } from '@kadr/contracts';
import { newIdempotencyKey } from '../../api/api-client';
import { discardAdminDeadLetter, replayAdminDeadLetter } from '../../api/endpoints';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications/toast-store';
import { Button, ConfirmDialog, Field, TextArea } from '../../ui';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { useDescribeError } from '../admin-shared/use-describe-error';
import { DISCARD_REASON_MAX_LENGTH } from './admin-dead-letters-limits';
import { adminDeadLettersMessages } from './messages';

/**
 * Replay and Discard, each behind a confirmation. Each asks with one Idempotency-Key made when the
 * dialog is confirmed, so the data cache's retry replays the server's answer; the server itself
 * publishes a dead letter once however often it is asked. Afterwards the counts and lists refresh.
 */
export function DeadLetterActions({ letter }: { letter: AdminDeadLetter }) {
  const { t } = useMessages('adminDeadLetters', adminDeadLettersMessages);
  const describeError = useDescribeError();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'replay' | 'discard' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const names = { id: letter.id, topic: letter.topic };

  const settled = (done: string, already: string) => (answer: AdminDeadLetterActionResponse) => {
    toast.success(t(answer.meta.alreadyHandled ? already : done, names));
    return queryClient.invalidateQueries({ queryKey: adminKeys.deadLetterTopics });
  };
  const fail = (error: unknown) => {
    toast.error(describeError(error));
  };

  const replay = useMutation({
    mutationFn: (key: string) => replayAdminDeadLetter(letter.topic, letter.id, key),
    onSuccess: settled('actions.replayed', 'actions.alreadyReplayed'),
    onError: fail,
  });
  const discard = useMutation({
    mutationFn: ({ key, why }: { key: string; why: string }) =>
      discardAdminDeadLetter(letter.topic, letter.id, why, key),
    onSuccess: settled('actions.discarded', 'actions.alreadyDiscarded'),
    onError: fail,
  });

  const confirmDiscard = () => {
    const why = reason.trim();
    if (!why) {
      setReasonError(t('actions.reasonRequired'));
      // A rejected confirmation keeps the dialog open for the reason.
      return Promise.reject(new Error('a reason is required'));
    }
    return discard.mutateAsync({ key: newIdempotencyKey(), why });
  };

  return (
    <div className="admin-dlq-actions">
      <Button variant="primary" size="sm" loading={replay.isPending} onClick={() => setConfirming('replay')}>
        {t('actions.replay')}
      </Button>
      <Button variant="secondary" size="sm" loading={discard.isPending} onClick={() => setConfirming('discard')}>
        {t('actions.discard')}
      </Button>

      <ConfirmDialog
        open={confirming === 'replay'}
        onOpenChange={(open) => setConfirming(open ? 'replay' : null)}
        title={t('actions.replayTitle', names)}
        description={t('actions.replayBody', names)}
        confirmLabel={t('actions.replayConfirm')}
        cancelLabel={t('actions.cancel')}
        onConfirm={() => replay.mutateAsync(newIdempotencyKey())}
      />

      <ConfirmDialog
        open={confirming === 'discard'}
        onOpenChange={(open) => {
          setConfirming(open ? 'discard' : null);
          if (!open) setReasonError(null);
        }}
        title={t('actions.discardTitle', names)}
        description={t('actions.discardBody')}
        confirmLabel={t('actions.discardConfirm')}
        cancelLabel={t('actions.cancel')}
        variant="danger"
        onConfirm={confirmDiscard}
      >
        <Field
          label={t('actions.reasonLabel')}
          hint={t('actions.reasonHint', { max: DISCARD_REASON_MAX_LENGTH })}
          error={reasonError ?? undefined}
          required
        >
          <TextArea
            value={reason}
            rows={3}
            maxLength={DISCARD_REASON_MAX_LENGTH}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setReasonError(null);
            }}
          />
        </Field>
      </ConfirmDialog>
    </div>
  );
}
