import { useRef, type Ref, type RefObject } from 'react';
import { Link } from 'react-router';
import { JobProgressCard, LiveIndicator } from '../../features/jobs';
import { useLiveJob } from '../../live';
import { useMessages } from '../../i18n/use-messages';
import { Card } from '../../ui';
import { generatorMessages } from './messages';
import { useSubmissions, type Submission } from './submissions-store';

/**
 * The videos started from this page and how they are doing, live: PENDING → PROCESSING n % →
 * ready with "Watch in gallery"; a running one can be cancelled. The form stays usable meanwhile.
 */
export function Generations({ ref }: { ref?: Ref<HTMLDivElement> }) {
  const { t } = useMessages('generator', generatorMessages);
  const submissions = useSubmissions((state) => state.submissions);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div ref={ref} className="generator-generations-anchor">
      <Card as="section" className="generator-generations" aria-labelledby="generator-generations-heading">
        <div className="generator-generations__header">
          <h2 id="generator-generations-heading" className="generator-section-title" ref={headingRef} tabIndex={-1}>
            {t('generations.heading')}
          </h2>
          <LiveIndicator />
        </div>
        {submissions.length === 0 ? (
          <p className="generator-generations__empty">{t('generations.empty')}</p>
        ) : (
          <ul className="jobs-list" aria-label={t('generations.label')}>
            {submissions.map((submission) => (
              <SubmissionItem key={submission.id} submission={submission} focusAfterCancel={headingRef} />
            ))}
          </ul>
        )}
        <Link to="/dashboard" className="generator-generations__link">
          {t('generations.seeAll')}
        </Link>
      </Card>
    </div>
  );
}

function SubmissionItem({
  submission,
  focusAfterCancel,
}: {
  submission: Submission;
  focusAfterCancel: RefObject<HTMLElement | null>;
}) {
  const job = useLiveJob(submission.id);
  // Not known to the live store any more (signed out and back): nothing trustworthy to show.
  if (!job) return null;
  return (
    <JobProgressCard
      as="li"
      job={job}
      title={submission.prompt}
      meta={submission.summary}
      cancel={{ focusAfter: focusAfterCancel }}
    />
  );
}
