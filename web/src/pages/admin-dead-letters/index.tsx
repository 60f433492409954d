import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { getAdminDeadLetters, getAdminDeadLetterTopics } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { useMessages } from '../../i18n/use-messages';
import { ChoiceGroup, EmptyState, ErrorState, PageHeader, Skeleton } from '../../ui';
import { AdminListLoading } from '../admin-shared/AdminListLoading';
import { AdminPager } from '../admin-shared/AdminPager';
import { adminKeys } from '../admin-shared/admin-query-keys';
import { DEAD_LETTERS_TAKE } from './admin-dead-letters-limits';
import { DeadLetterItem } from './DeadLetterItem';
import { adminDeadLettersMessages } from './messages';
import { TopicsTable } from './TopicsTable';
import './admin-dead-letters.css';

const STATUSES = ['pending', 'handled', 'all'] as const;
type Status = (typeof STATUSES)[number];
const LOADING_ROWS = 3;

/** The URL holds the choice (`?topic=job.progress&status=handled&skip=50`), so Back and a shared link keep it. */
function viewOf(params: URLSearchParams): { topic: string | null; status: Status; skip: number } {
  const status = STATUSES.find((value) => value === params.get('status')) ?? 'pending';
  const skip = Number(params.get('skip'));
  return { topic: params.get('topic') || null, status, skip: Number.isInteger(skip) && skip > 0 ? skip : 0 };
}

/** Admin: Dead letters (`/admin/dead-letters`) — what a DLQ alert points at, and the way to act on it. */
export default function AdminDeadLettersPage() {
  const { t } = useMessages('adminDeadLetters', adminDeadLettersMessages);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewOf(searchParams);
  const go = (next: { topic: string | null; status: Status; skip: number }) => {
    const params = new URLSearchParams();
    if (next.topic) params.set('topic', next.topic);
    if (next.status !== 'pending') params.set('status', next.status);
    if (next.skip > 0) params.set('skip', String(next.skip));
    setSearchParams(params);
  };

  const topics = useQuery({
    queryKey: adminKeys.deadLetterTopics,
    queryFn: ({ signal }) => getAdminDeadLetterTopics({ signal }),
  });

  return (
    <div className="page admin-dlq-page">
      <PageHeader title={t('title')} subtitle={t('description')} />

      <section
        className="admin-dlq-section"
        aria-labelledby="admin-dlq-topics-heading"
        aria-busy={topics.isFetching || undefined}
      >
        <h2 id="admin-dlq-topics-heading" className="visually-hidden">
          {t('topics.caption')}
        </h2>
        {topics.isPending ? (
          <>
            <span className="visually-hidden" role="status">
              {t('topics.loading')}
            </span>
            <Skeleton shape="text" lines={4} />
          </>
        ) : topics.isError ? (
          <ErrorState
            title={t('topics.loadFailed')}
            message={isApiError(topics.error) ? topics.error.message : t('topics.loadFailed')}
            correlationId={isApiError(topics.error) ? topics.error.correlationId : undefined}
            onRetry={() => void topics.refetch()}
            retrying={topics.isFetching}
            retryLabel={t('retry')}
          />
        ) : (
          <>
            {!topics.data.data.some((topic) => topic.pending > 0) && (
              <p className="admin-dlq-muted">{t('topics.nonePending')}</p>
            )}
            <TopicsTable
              topics={topics.data.data}
              selected={view.topic}
              onSelect={(topic) => go({ topic, status: view.status, skip: 0 })}
            />
          </>
        )}
      </section>

      {view.topic ? (
        <TopicLetters
          key={view.topic}
          topic={view.topic}
          status={view.status}
          skip={view.skip}
          onView={(status, skip) => go({ topic: view.topic, status, skip })}
        />
      ) : (
        topics.isSuccess && <p className="admin-dlq-muted">{t('list.chooseTopic')}</p>
      )}
    </div>
  );
}

interface TopicLettersProps {
  topic: string;
  status: Status;
  skip: number;
  onView: (status: Status, skip: number) => void;
}

/** One topic's dead letters, filtered by status, a page at a time. */
function TopicLetters({ topic, status, skip, onView }: TopicLettersProps) {
  const { t } = useMessages('adminDeadLetters', adminDeadLettersMessages);
  const letters = useQuery({
    queryKey: adminKeys.deadLetters(topic, status, skip),
    queryFn: ({ signal }) => getAdminDeadLetters(topic, { skip, take: DEAD_LETTERS_TAKE, status }, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <section
      className="admin-dlq-section"
      aria-labelledby="admin-dlq-letters-heading"
      aria-busy={letters.isFetching || undefined}
    >
      <h2 id="admin-dlq-letters-heading" className="admin-dlq-heading">
        {t('list.heading', { topic })}
      </h2>
      <ChoiceGroup
        legend={t('list.show')}
        options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={status}
        onChange={(next) => onView(next, 0)}
        className="admin-dlq-status"
      />
      {letters.isPending ? (
        <AdminListLoading label={t('list.loading')} rows={LOADING_ROWS} linesPerRow={3} />
      ) : letters.isError ? (
        <ErrorState
          title={t('list.loadFailed', { topic })}
          message={isApiError(letters.error) ? letters.error.message : t('list.loadFailed', { topic })}
          correlationId={isApiError(letters.error) ? letters.error.correlationId : undefined}
          onRetry={() => void letters.refetch()}
          retrying={letters.isFetching}
          retryLabel={t('retry')}
        />
      ) : (
        <>
          {letters.data.data.length === 0 ? (
            <EmptyState title={t(`list.empty.${status}`, { topic })} />
          ) : (
            <ol className="admin-record-list" aria-label={t('list.heading', { topic })}>
              {letters.data.data.map((letter) => (
                <DeadLetterItem key={letter.id} letter={letter} />
              ))}
            </ol>
          )}
          {(letters.data.data.length > 0 || skip > 0) && (
            <AdminPager
              skip={skip}
              take={DEAD_LETTERS_TAKE}
              shown={letters.data.data.length}
              total={letters.data.pagination.total}
              busy={letters.isFetching}
              onPage={(next) => onView(status, next)}
              label={t('list.pagerLabel')}
            />
          )}
        </>
      )}
    </section>
  );
}
