import { aJob } from '../../../test/helpers/a-job';
import type { JobHistoryEntry } from './job';
import { jobTimeline } from './job-view';

const at = (second: number) => new Date(Date.UTC(2026, 11, 2, 12, 0, second));
const step = (kind: JobHistoryEntry['kind'], second: number, attempt: number, progress = 0): JobHistoryEntry => ({
  at: at(second),
  kind,
  status: 'PENDING',
  progress,
  attempt,
  message: 'internal words',
  errorCode: null,
  actor: 'worker-7',
});

describe('jobTimeline: the status history on the job’s page', () => {
  it('keeps each status change once per attempt, drops progress steps, the requeue’s second "created" and deletion', () => {
    const job = aJob({
      history: [
        step('created', 0, 0),
        step('queued', 0, 0),
        step('started', 2, 1),
        step('progress', 3, 1, 40),
        // The worker died: the sweeper requeued it (created + queued again), then the second attempt.
        step('created', 40, 1),
        step('queued', 40, 1),
        step('started', 41, 2),
        step('progress', 42, 2, 90),
        step('completed', 44, 2),
        step('deleted', 50, 2),
      ],
    });
    expect(jobTimeline(job)).toEqual([
      { kind: 'created', at: at(0).toISOString(), attempt: 0 },
      { kind: 'queued', at: at(0).toISOString(), attempt: 0 },
      { kind: 'started', at: at(2).toISOString(), attempt: 1 },
      { kind: 'queued', at: at(40).toISOString(), attempt: 1 },
      { kind: 'started', at: at(41).toISOString(), attempt: 2 },
      { kind: 'completed', at: at(44).toISOString(), attempt: 2 },
    ]);
  });

  it('says nothing of who made a change or the internal messages', () => {
    const [entry] = jobTimeline(aJob({ history: [step('created', 0, 0)] }));
    expect(Object.keys(entry!).sort()).toEqual(['at', 'attempt', 'kind']);
  });
});
