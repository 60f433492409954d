import type { JobTimelineEntry, JobView } from '@kadr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { getGroupedModels, getJob } from '../../api/endpoints';
import { billingKeys, useRefundText } from '../../features/billing';
import {
  CancelJobButton,
  isActiveStatus,
  jobKeys,
  jobsMessages,
  QueueForecast,
  remixPath,
  STATUS_BADGE,
  STATUS_TONE,
  useCreditsLabel,
  useOptionLabels,
} from '../../features/jobs';
import {
  resolutionLabel,
  sameOriginThumbnailPath,
  sameOriginVideoPath,
  VideoCard,
  VideoPlayerModal,
  type GalleryVideo,
} from '../../features/media';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { useJobStore, useLiveJob, useQueueForecast } from '../../live';
import { Badge, ButtonLink, Card, ErrorState, PageHeader, ProgressBar, Spinner } from '../../ui';
import NotFoundPage from '../not-found';
import { currentJobState } from './job-state';
import { JobReceipt } from './JobReceipt';
import { UpscaleAction } from './UpscaleAction';
import { ShareLinks } from './ShareLinks';
import { jobDetailsMessages } from './messages';
import './job.css';

/** How much of the prompt the heading shows; the whole prompt follows under it when it is longer. */
const HEADING_EXCERPT_LENGTH = 80;

/** The prompt's start, cut at a word (unless that loses too much) and without a dangling comma. */
function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const words = space > max * 0.6 && text[max] !== ' ' ? cut.slice(0, space) : cut;
  return `${words.trimEnd().replace(/[,;:.]$/, '')}…`;
}

/**
 * `/jobs/:id`: one of the person's videos — its settings, its status as it moves (live), its place in
 * the queue and estimated times while it runs, Cancel while it runs, the video once ready, the price quoted and the receipt of what it cost. A job the person
 * does not have (unknown, or another user's: the server answers 404 to both) is the not-found page.
 */
export default function JobPage() {
  const { t } = useMessages('jobDetails', jobDetailsMessages);
  const { id = '' } = useParams();

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const job = useQuery({
    queryKey: jobKeys.job(id),
    queryFn: ({ signal }) => getJob(id, { signal }).then((answer) => answer.data),
    staleTime: 0,
  });
  useReadAgainOnStatusChange(id);

  if (job.isPending) {
    return (
      <div className="page page--narrow job-page">
        <PageHeader title={t('eyebrow')} />
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (job.isError) {
    if (isApiError(job.error) && job.error.status === 404) return <NotFoundPage />;
    return (
      <div className="page page--narrow job-page">
        <PageHeader title={t('eyebrow')} />
        <ErrorState
          message={t('loadFailed')}
          correlationId={isApiError(job.error) ? job.error.correlationId : undefined}
          onRetry={() => void job.refetch()}
          retrying={job.isFetching}
        />
      </div>
    );
  }
  return <JobDetails view={job.data} />;
}

/**
 * When the stream says the job's status changed, the page reads the job again (its status history;
 * once ended, its completion time and video) and, once it ended (completed, failed, cancelled), its
 * receipt (settled a moment later).
 */
function useReadAgainOnStatusChange(jobId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useJobStore.subscribe((state, previous) => {
        const now = state.jobs[jobId];
        const before = previous.jobs[jobId];
        if (!now || now.status === before?.status) return;
        void queryClient.invalidateQueries({ queryKey: jobKeys.job(jobId) });
        if (!isActiveStatus(now.status)) void queryClient.invalidateQueries({ queryKey: billingKeys.receipt(jobId) });
      }),
    [jobId, queryClient],
  );
}

function JobDetails({ view }: { view: JobView }) {
  const { t } = useMessages('jobDetails', jobDetailsMessages);
  const jobs = useMessages('jobs', jobsMessages).t;
  const labels = useOptionLabels();
  const creditsLabel = useCreditsLabel();
  const { reason } = useRefundText();
  const statusHeadingRef = useRef<HTMLHeadingElement>(null);
  const [playing, setPlaying] = useState<GalleryVideo | null>(null);

  const live = useLiveJob(view.id);
  const { status, progress } = currentJobState(view, live);
  // The background refresh keeps the store's forecast current; the page's own read fills in until then.
  const storedForecast = useQueueForecast(view.id);
  const forecast = storedForecast !== undefined ? storedForecast : view.queue;
  const active = isActiveStatus(status);
  const prompt = view.prompt.trim();
  const title = prompt ? excerpt(prompt, HEADING_EXCERPT_LENGTH) : jobs('untitled');
  const percent = formatNumber(progress / 100, { style: 'percent', maximumFractionDigits: 0 });

  const models = useQuery({
    queryKey: jobKeys.groupedModels,
    queryFn: ({ signal }) => getGroupedModels({ signal }),
  });
  const modelName =
    models.data?.data.flatMap((group) => group.models).find((model) => model.id === view.modelId)?.name ?? view.modelId;
  const resolution = resolutionLabel(view.output?.width ?? view.width, view.output?.height ?? view.height);

  const video = useMemo<GalleryVideo>(
    () => ({
      id: view.id,
      jobId: view.id,
      createdAt: view.completedAt ?? view.updatedAt,
      filename: `video-${view.id}.mp4`,
      url: sameOriginVideoPath(view.id),
      thumbnailUrl: sameOriginThumbnailPath(view.id),
      durationSeconds: view.output?.durationSeconds,
      width: view.output?.width,
      height: view.output?.height,
    }),
    [view],
  );

  return (
    <div className="page job-page">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={title}
        subtitle={title !== prompt && prompt ? prompt : undefined}
        actions={
          <ButtonLink to="/billing" variant="ghost">
            {t('creditHistory')}
          </ButtonLink>
        }
      />
      <div className="job-layout">
        <div className="job-layout__main">
          <Card as="section" className="job-card" aria-labelledby="job-status-heading">
            <h2 id="job-status-heading" className="job-card__title" ref={statusHeadingRef} tabIndex={-1}>
              {t('status.heading')}
            </h2>
            <p className="job-status" aria-live="polite" aria-atomic="true">
              <Badge variant={STATUS_BADGE[status]} dot>
                {jobs(`status.${status}`)}
              </Badge>
            </p>
            {status !== 'COMPLETED' && status !== 'CANCELLED' && (
              <ProgressBar value={progress} label={jobs('progressLabel', { title })} tone={STATUS_TONE[status]} />
            )}
            <p className="job-status__line">{jobs(`statusLine.${status}`, { percent })}</p>
            <QueueForecast status={status} forecast={forecast} />
            {status === 'FAILED' && view.errorCode && (
              <p className="job-status__line">{t('status.failedBecause', { reason: reason(view.errorCode) })}</p>
            )}
            {view.timeline?.length ? (
              <StatusHistory timeline={view.timeline} />
            ) : (
              <Facts
                rows={[
                  [t('status.created'), <Time key="created" iso={view.createdAt} />],
                  view.completedAt ? [t('status.completed'), <Time key="completed" iso={view.completedAt} />] : null,
                ]}
              />
            )}
            {active && (
              <div className="job-status__actions">
                <CancelJobButton jobId={view.id} title={title} focusAfter={statusHeadingRef} />
              </div>
            )}
          </Card>

          {status === 'COMPLETED' && (
            <Card as="section" className="job-card" aria-labelledby="job-video-heading">
              <h2 id="job-video-heading" className="job-card__title">
                {t('video.heading')}
              </h2>
              <VideoCard video={video} onPlay={setPlaying} hideFilename />
              <ButtonLink to="/gallery" variant="secondary" size="sm" className="job-video__gallery">
                {t('video.gallery')}
              </ButtonLink>
              <UpscaleAction jobId={view.id} />
              <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
            </Card>
          )}

          {status === 'COMPLETED' && <ShareLinks jobId={view.id} />}

          <Card as="section" className="job-card" aria-labelledby="job-settings-heading">
            <h2 id="job-settings-heading" className="job-card__title">
              {t('settings.heading')}
            </h2>
            <Facts
              rows={[
                [t('settings.model'), modelName],
                [t('settings.duration'), labels.duration(view.duration)],
                [
                  t('settings.quality'),
                  resolution
                    ? t('settings.qualityValue', { quality: labels.quality(view.quality), resolution })
                    : labels.quality(view.quality),
                ],
                [t('settings.speed'), labels.speed(view.speed)],
                [
                  t('settings.aspectRatio'),
                  t('settings.aspectRatioValue', {
                    ratio: view.aspectRatio,
                    name: labels.aspectRatio(view.aspectRatio),
                    width: view.output?.width ?? view.width,
                    height: view.output?.height ?? view.height,
                  }),
                ],
                // Null for a model without seeds (the stored one changes nothing there).
                view.seed !== null ? [t('settings.seed'), <code key="seed">{view.seed}</code>] : null,
                view.negativePrompt ? [t('settings.negativePrompt'), view.negativePrompt] : null,
                view.startImage
                  ? [
                      t('settings.startImage'),
                      <img
                        key="start-image"
                        className="job-start-image"
                        src={view.startImage.url}
                        alt={t('settings.startImageAlt', { title })}
                      />,
                    ]
                  : null,
                view.kind === 'upscale' && view.sourceJobId
                  ? [
                      t('upscale.madeFrom'),
                      <Link key="source" to={`/jobs/${encodeURIComponent(view.sourceJobId)}`}>
                        {t('upscale.source')}
                      </Link>,
                    ]
                  : null,
              ]}
            />
            <div className="job-settings__actions">
              <ButtonLink to={remixPath(view.id)} variant="secondary" aria-label={t('settings.remixLabel', { title })}>
                {t('settings.remix')}
              </ButtonLink>
            </div>
          </Card>
        </div>

        <div className="job-layout__side">
          <Card as="section" className="job-card" aria-labelledby="job-price-heading">
            <h2 id="job-price-heading" className="job-card__title">
              {t('price.heading')}
            </h2>
            <p className="job-price">{view.chargedFrom === 'allowance' ? t('price.plan') : creditsLabel(view.cost)}</p>
          </Card>
          <JobReceipt
            jobId={view.id}
            ended={!active}
            what={
              view.kind === 'upscale' ? t('upscale.receiptOf', { frame: `${view.width}×${view.height}` }) : undefined
            }
          />
        </div>
      </div>
    </div>
  );
}

/** A description list of label and value pairs (a null row is left out). */
function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode] | null> }) {
  return (
    <dl className="job-facts">
      {rows.map((row) =>
        row ? (
          <div key={row[0]} className="job-facts__row">
            <dt>{row[0]}</dt>
            <dd>{row[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** The job's status changes with their times, oldest first; a retry's steps name their attempt. */
function StatusHistory({ timeline }: { timeline: readonly JobTimelineEntry[] }) {
  const { t } = useMessages('jobDetails', jobDetailsMessages);
  const textOf = (step: JobTimelineEntry) => {
    if (step.kind === 'queued' && step.attempt > 0) return t('timeline.requeued');
    if (step.kind === 'started' && step.attempt > 1) return t('timeline.restarted', { attempt: step.attempt });
    return t(`timeline.${step.kind}`);
  };
  return (
    <div className="job-timeline">
      <h3 id="job-timeline-heading" className="job-timeline__title">
        {t('timeline.heading')}
      </h3>
      <ol className="job-timeline__steps" aria-labelledby="job-timeline-heading">
        {timeline.map((step) => (
          <li key={`${step.kind}-${step.attempt}-${step.at}`} className="job-timeline__step" data-kind={step.kind}>
            <span className="job-timeline__what">{textOf(step)}</span> <Time iso={step.at} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
