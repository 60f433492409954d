import {
  createEnvelope,
  JobProgressKind,
  JobStatus,
  timestampFromDate,
  type CreditsChanged,
  type EventPayloadInit,
  type JobCreated,
  type JobProgress,
} from '@kadr/contracts';
import { liveEventOfCreditsChanged, liveEventOfJobCreated, liveEventOfJobProgress, parseLiveEvent } from './live-event';

/** A generated message, as a consumer decodes it (defaults filled in). */
function message(payload: EventPayloadInit): JobCreated | JobProgress | CreditsChanged {
  return createEnvelope(payload, { producer: 'test', correlationId: 'c-1' }).payload.value as never;
}
const jobCreated = (value: Partial<JobCreated>) =>
  message({ case: 'jobCreated', value } as EventPayloadInit) as JobCreated;
const jobProgress = (value: Partial<JobProgress>) =>
  message({ case: 'jobProgress', value } as EventPayloadInit) as JobProgress;
const creditsChanged = (value: Partial<CreditsChanged>) =>
  message({ case: 'creditsChanged', value } as EventPayloadInit) as CreditsChanged;

const envelopeTime = new Date('2025-03-01T10:00:00.000Z');
const created = new Date('2025-03-01T09:59:59.000Z');
const at = new Date('2025-03-01T10:00:05.000Z');

const progress = (kind: JobProgressKind, percent: number) =>
  liveEventOfJobProgress(
    jobProgress({
      jobId: 'job-1',
      userId: 'user-1',
      kind,
      progress: percent,
      status: JobStatus.PROCESSING,
      occurredAt: timestampFromDate(at),
    }),
    envelopeTime,
  );

describe('live events (spec §4 "Live job status")', () => {
  it('job.created → created: PENDING with progress 0 and the creation time', () => {
    const job = jobCreated({ jobId: 'job-1', userId: 'user-1', createdAt: timestampFromDate(created) });
    expect(liveEventOfJobCreated(job, envelopeTime)).toEqual({
      userId: 'user-1',
      event: {
        name: 'created',
        data: { id: 'job-1', status: 'PENDING', progress: 0, createdAt: created.toISOString() },
        occurredAt: created.getTime(),
      },
    });
  });

  it('queued → PENDING (with the given progress); started and progress → PROCESSING with the progress', () => {
    expect(progress(JobProgressKind.QUEUED, 0)?.event).toMatchObject({
      name: 'queued',
      data: { id: 'job-1', status: 'PENDING', progress: 0, createdAt: null },
      occurredAt: at.getTime(),
    });
    expect(progress(JobProgressKind.QUEUED, 20)?.event.data).toMatchObject({ status: 'PENDING', progress: 20 });
    expect(progress(JobProgressKind.STARTED, 0)?.event).toMatchObject({
      name: 'started',
      data: { status: 'PROCESSING', progress: 0 },
    });
    expect(progress(JobProgressKind.PROGRESS, 42)?.event).toMatchObject({
      name: 'progress',
      data: { status: 'PROCESSING', progress: 42 },
    });
  });

  it('completed → COMPLETED at 100; failed → FAILED and cancelled → CANCELLED with the last known progress', () => {
    expect(progress(JobProgressKind.COMPLETED, 99)?.event).toMatchObject({
      name: 'completed',
      data: { status: 'COMPLETED', progress: 100 },
    });
    expect(progress(JobProgressKind.FAILED, 37)?.event).toMatchObject({
      name: 'failed',
      data: { status: 'FAILED', progress: 37 },
    });
    expect(progress(JobProgressKind.CANCELLED, 58)?.event).toMatchObject({
      name: 'cancelled',
      data: { status: 'CANCELLED', progress: 58 },
    });
  });

  it('keeps progress within 0–100 and skips an unknown kind or an event without owner', () => {
    expect(progress(JobProgressKind.PROGRESS, 250)?.event.data).toMatchObject({ progress: 100 });
    expect(progress(JobProgressKind.UNSPECIFIED, 10)).toBeUndefined();
    expect(liveEventOfJobProgress(jobProgress({ jobId: 'j', kind: 3 }), envelopeTime)).toBeUndefined();
  });

  it('uses the envelope time when the event carries none', () => {
    const step = jobProgress({ jobId: 'j', userId: 'u', kind: JobProgressKind.STARTED });
    expect(liveEventOfJobProgress(step, envelopeTime)?.event.occurredAt).toBe(envelopeTime.getTime());
  });

  it('credits.changed → credits with the new balance, held credits and currency', () => {
    const change = creditsChanged({
      userId: 'user-1',
      balance: 120,
      heldCredits: 10,
      currency: 'credits',
      changedAt: timestampFromDate(at),
    });
    expect(liveEventOfCreditsChanged(change, envelopeTime)).toEqual({
      userId: 'user-1',
      event: {
        name: 'credits',
        data: { balance: 120, heldCredits: 10, currency: 'credits' },
        occurredAt: at.getTime(),
      },
    });
  });

  it('reads back stored events and rejects anything else', () => {
    const event = progress(JobProgressKind.STARTED, 5)!.event;
    expect(parseLiveEvent(JSON.stringify(event))).toEqual(event);
    expect(parseLiveEvent('not json')).toBeUndefined();
    expect(parseLiveEvent(JSON.stringify({ name: 'other', data: {}, occurredAt: 1 }))).toBeUndefined();
  });
});
