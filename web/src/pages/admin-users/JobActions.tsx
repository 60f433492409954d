import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminJobView } from '@kadr/contracts';
import { newIdempotencyKey } from '../../api/api-client';
import { deleteAdminJob, markAdminJobFailed, requeueAdminJob } from '../../api/endpoints';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications/toast-store';
import { Button, ConfirmDialog, Field, TextArea } from '../../ui';
import { useDescribeError } from '../admin-shared/use-describe-error';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { MARK_FAILED_REASON_MAX_LENGTH } from './admin-users-limits';
import { adminUsersMessages } from './messages';

/** Longest prompt excerpt quoted in the delete dialog. */
const PROMPT_EXCERPT_LENGTH = 80;

export interface JobActionsProps {
  job: AdminJobView;
  /** The job is gone: the caller closes its detail. */
  onDeleted: () => void;
}

/**
 * Requeue, mark failed and delete. Each action carries one Idempotency-Key made when it is asked
 * for, so the data cache's single retry replays the server's answer instead of acting twice; after
 * each, every admin query refreshes (job counts, the jobs list, this job).
 */
export function JobActions({ job, onDeleted }: JobActionsProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const describeError = useDescribeError();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'mark-failed' | 'delete' | null>(null);
  const [reason, setReason] = useState('');

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const fail = (error: unknown) => {
    toast.error(describeError(error));
  };

  const requeue = useMutation({
    mutationFn: (key: string) => requeueAdminJob(job.id, key),
    onSuccess: () => {
      toast.success(t('job.actions.requeued', { id: job.id }));
      return refresh();
    },
    onError: fail,
  });
  const markFailed = useMutation({
    mutationFn: ({ key, why }: { key: string; why: string }) => markAdminJobFailed(job.id, why || undefined, key),
    onSuccess: () => {
      toast.success(t('job.actions.markedFailed', { id: job.id }));
      setReason('');
      return refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (key: string) => deleteAdminJob(job.id, key),
    onSuccess: () => {
      toast.success(t('job.actions.deleted', { id: job.id }));
      onDeleted();
      return refresh();
    },
    onError: fail,
  });

  // Requeue takes a FAILED job back (a stuck one can be marked failed first); mark-failed stops a
  // PENDING or PROCESSING one. The server decides in the end: its 409 explains a refusal.
  const canRequeue = job.status === 'FAILED';
  const canMarkFailed = job.status === 'PENDING' || job.status === 'PROCESSING';
  const prompt =
    job.prompt.length > PROMPT_EXCERPT_LENGTH ? `${job.prompt.slice(0, PROMPT_EXCERPT_LENGTH)}…` : job.prompt;

  return (
    <div className="admin-users-actions">
      <div className="admin-users-action">
        <Button
          variant="primary"
          size="sm"
          disabled={!canRequeue}
          loading={requeue.isPending}
          aria-describedby={canRequeue ? undefined : `requeue-hint-${job.id}`}
          onClick={() => requeue.mutate(newIdempotencyKey())}
        >
          {t('job.actions.requeue')}
        </Button>
        {!canRequeue && (
          <p id={`requeue-hint-${job.id}`} className="admin-users-action-hint">
            {t('job.actions.requeueHint')}
          </p>
        )}
      </div>
      <div className="admin-users-action">
        <Button
          variant="secondary"
          size="sm"
          disabled={!canMarkFailed}
          loading={markFailed.isPending}
          aria-describedby={canMarkFailed ? undefined : `mark-failed-hint-${job.id}`}
          onClick={() => setConfirming('mark-failed')}
        >
          {t('job.actions.markFailed')}
        </Button>
        {!canMarkFailed && (
          <p id={`mark-failed-hint-${job.id}`} className="admin-users-action-hint">
            {t('job.actions.markFailedHint')}
          </p>
        )}
      </div>
      <div className="admin-users-action">
        <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => setConfirming('delete')}>
          {t('job.actions.delete')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming === 'mark-failed'}
        onOpenChange={(open) => setConfirming(open ? 'mark-failed' : null)}
        title={t('job.actions.markFailedTitle', { id: job.id })}
        description={t('job.actions.markFailedBody', { id: job.id })}
        confirmLabel={t('job.actions.markFailedConfirm')}
        cancelLabel={t('cancel')}
        variant="danger"
        onConfirm={() => markFailed.mutateAsync({ key: newIdempotencyKey(), why: reason.trim() })}
      >
        <Field
          label={t('job.actions.reasonLabel')}
          hint={t('job.actions.reasonHint', { max: MARK_FAILED_REASON_MAX_LENGTH })}
        >
          <TextArea
            value={reason}
            rows={3}
            maxLength={MARK_FAILED_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title={t('job.actions.deleteTitle', { id: job.id })}
        description={t('job.actions.deleteBody', { id: job.id, prompt })}
        confirmLabel={t('job.actions.deleteConfirm')}
        cancelLabel={t('cancel')}
        variant="danger"
        onConfirm={() => remove.mutateAsync(newIdempotencyKey())}
      />
    </div>
  );
}
