import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AdminJobView, AdminUser } from '@kadr/contracts';
import { newIdempotencyKey } from '../../api/api-client';
import { deleteAdminUser } from '../../api/endpoints';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications/toast-store';
import { Button, Card, ConfirmDialog } from '../../ui';
import { CopyButton } from '../admin-shared/CopyButton';
import { useDescribeError } from '../admin-shared/use-describe-error';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { CreditAdjustmentForm } from './CreditAdjustmentForm';
import { JobDetail } from './JobDetail';
import { adminUsersMessages } from './messages';
import { PurgeDetail } from './PurgeStatus';
import { UserJobsList } from './UserJobsList';
import { UserOrdersList } from './UserOrdersList';

export interface UserPanelProps {
  user: AdminUser;
  onClose: () => void;
  /** The deletion was accepted: the caller drops the selection. */
  onDeleted: () => void;
}

/**
 * The selected user: who it is, deletion with purge, credit adjustment, the user's orders (and chargebacks), the
 * user's jobs and the selected job.
 */
export function UserPanel({ user, onClose, onDeleted }: UserPanelProps) {
  const { t } = useMessages('adminUsers', adminUsersMessages);
  const describeError = useDescribeError();
  const queryClient = useQueryClient();
  const [selectedJob, setSelectedJob] = useState<AdminJobView | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const jobHeading = useRef<HTMLHeadingElement>(null);
  const email = user.email || t('list.noEmail');

  // Selecting a user or a job moves focus to what opened, so a keyboard or screen-reader user
  // lands on it (and a phone scrolls to it).
  const selectedJobId = selectedJob?.id;
  useEffect(() => heading.current?.focus(), [user.id]);
  useEffect(() => {
    if (selectedJobId) jobHeading.current?.focus();
  }, [selectedJobId]);

  const remove = useMutation({
    mutationFn: (key: string) => deleteAdminUser(user.id, key),
    onSuccess: () => {
      toast.success(t('user.deleted', { email }));
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      toast.error(describeError(error));
    },
  });

  return (
    <Card as="section" className="admin-users-panel" aria-labelledby="admin-user-heading">
      <div className="admin-users-panel-head">
        <div className="admin-users-panel-title">
          <h2 id="admin-user-heading" ref={heading} tabIndex={-1} className="admin-users-heading">
            {t('user.heading', { email })}
          </h2>
          <p className="admin-users-id">
            <span className="admin-users-muted">{t('user.id')}:</span> <code className="ui-code">{user.id}</code>
            <CopyButton value={user.id} what={t('user.id')} />
          </p>
        </div>
        <div className="admin-users-panel-actions">
          <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => setConfirmingDelete(true)}>
            {t('user.delete')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('user.close')}
          </Button>
        </div>
      </div>
      {user.purge && <PurgeDetail purge={user.purge} />}

      <div className="admin-users-panel-body">
        {!user.purge && <CreditAdjustmentForm key={user.id} userId={user.id} email={email} />}
        <section className="admin-users-subsection" aria-labelledby="admin-user-orders-heading">
          <h3 id="admin-user-orders-heading" className="admin-users-subheading">
            {t('orders.heading')}
          </h3>
          <UserOrdersList key={user.id} userId={user.id} email={email} />
        </section>
        <section className="admin-users-subsection" aria-labelledby="admin-user-jobs-heading">
          <h3 id="admin-user-jobs-heading" className="admin-users-subheading">
            {t('jobs.heading')}
          </h3>
          <UserJobsList
            userId={user.id}
            email={email}
            selectedJobId={selectedJob?.id ?? null}
            onSelectJob={setSelectedJob}
          />
        </section>
        {selectedJob && (
          <section className="admin-users-subsection admin-users-job-panel" aria-labelledby="admin-job-heading">
            <div className="admin-users-panel-head">
              <h3 id="admin-job-heading" ref={jobHeading} tabIndex={-1} className="admin-users-subheading">
                {t('job.heading', { id: selectedJob.id })}
              </h3>
              <Button variant="ghost" size="sm" onClick={() => setSelectedJob(null)}>
                {t('job.close')}
              </Button>
            </div>
            <JobDetail key={selectedJob.id} jobId={selectedJob.id} onDeleted={() => setSelectedJob(null)} />
          </section>
        )}
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('user.deleteTitle', { email })}
        description={t('user.deleteBody', { email })}
        confirmLabel={t('user.deleteConfirm')}
        cancelLabel={t('cancel')}
        variant="danger"
        onConfirm={() => remove.mutateAsync(newIdempotencyKey())}
      />
    </Card>
  );
}
