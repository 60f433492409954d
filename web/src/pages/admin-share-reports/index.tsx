import type { ShareReportView } from '@kadr/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { adminRevokeShareLink, getAdminShareReports } from '../../api/endpoints';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, PageHeader, Spinner } from '../../ui';
import { AdminPager } from '../admin-shared/AdminPager';
import { adminShareReportsMessages } from './messages';
import './admin-share-reports.css';

const REPORTS_TAKE = 50;
const reportKeys = { page: (skip: number) => ['admin', 'share-reports', { skip }] as const };

/** Admin: Share reports (`/admin/share-reports`) — what people reported about shared videos, with Revoke. */
export default function AdminShareReportsPage() {
  const { t } = useMessages('adminShareReports', adminShareReportsMessages);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('skip'));
  const skip = Number.isInteger(requested) && requested > 0 ? requested : 0;

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const reports = useQuery({
    queryKey: reportKeys.page(skip),
    queryFn: ({ signal }) => getAdminShareReports({ skip, take: REPORTS_TAKE }, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="page admin-share-reports-page">
      <PageHeader title={t('title')} subtitle={t('description')} />
      {reports.isPending ? (
        <Spinner label={t('loading')} />
      ) : reports.isError ? (
        <ErrorState
          message={t('loadFailed')}
          correlationId={isApiError(reports.error) ? reports.error.correlationId : undefined}
          onRetry={() => void reports.refetch()}
          retrying={reports.isFetching}
        />
      ) : reports.data.data.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          <ul className="admin-share-reports">
            {reports.data.data.map((report) => (
              <ReportItem key={report.id} report={report} />
            ))}
          </ul>
          <AdminPager
            skip={skip}
            take={REPORTS_TAKE}
            shown={reports.data.data.length}
            total={reports.data.pagination.total}
            busy={reports.isFetching}
            label={t('pagesLabel')}
            onPage={(next) => setSearchParams(next > 0 ? { skip: String(next) } : {})}
          />
        </>
      )}
    </div>
  );
}

function ReportItem({ report }: { report: ShareReportView }) {
  const { t } = useMessages('adminShareReports', adminShareReportsMessages);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const date = formatDateTime(report.createdAt);
  const link = report.link;

  async function revoke() {
    try {
      await adminRevokeShareLink(report.linkId, newIdempotencyKey());
    } catch (error) {
      toast.error(isApiError(error) ? `${t('revokeFailed')} ${error.message}` : t('revokeFailed'));
      throw error;
    }
    toast.success(t('revoked'));
    void queryClient.invalidateQueries({ queryKey: ['admin', 'share-reports'] });
  }

  return (
    <li className="admin-share-reports__item">
      <p className="admin-share-reports__line">
        <strong>{t(`reason.${report.reason}`)}</strong> · {t('reportedAt', { date })}
      </p>
      <p className="admin-share-reports__line">{report.details ?? t('noDetails')}</p>
      <p className="admin-share-reports__line">{t('video', { jobId: report.jobId, ownerId: report.ownerId })}</p>
      {link ? (
        <div className="admin-share-reports__actions">
          <Badge variant={link.state === 'active' ? 'warning' : 'neutral'}>{t(`linkState.${link.state}`)}</Badge>
          <span>{t('views', { count: link.views })}</span>
          {link.state === 'active' && (
            <>
              <a
                className="ui-button ui-button--ghost ui-button--sm"
                href={link.path}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('openLabel', { date })}
              >
                {t('open')}
              </a>
              <Button
                size="sm"
                variant="danger"
                aria-label={t('revokeLabel', { date })}
                onClick={() => setConfirming(true)}
              >
                {t('revoke')}
              </Button>
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                title={t('revokeTitle')}
                description={t('revokeDescription')}
                confirmLabel={t('revokeConfirm')}
                variant="danger"
                onConfirm={revoke}
              />
            </>
          )}
        </div>
      ) : (
        <p className="admin-share-reports__line">{t('linkGone')}</p>
      )}
    </li>
  );
}
