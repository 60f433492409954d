import { aJob } from '../../../test/helpers/a-job';
import { MemoryJobRepository } from '../../data-access/jobs/memory-job.repository';
import type { Job, JobHistoryEntry } from '../jobs/job';
import { QueueForecasts } from './queue-forecasts';

const NOW = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

let serial = 0;
/** Each job of its own user, created a second after the previous one. */
function aQueuedJob(overrides: Partial<Job> = {}): Job {
  serial += 1;
  const createdAt = at(-60 + serial);
  return aJob({ userId: `user-${serial}`, createdAt, updatedAt: createdAt, ...overrides });
}

const step = (progress: number, seconds: number): JobHistoryEntry => ({
  at: at(seconds),
  kind: 'progress',
  status: 'PROCESSING',
  progress,
  attempt: 1,
  message: 'Rendering',
  errorCode: null,
  actor: 'worker',
});

describe('QueueForecasts on job reads [memory job store]', () => {
  let jobs: MemoryJobRepository;
  let now: Date;
  let forecasts: QueueForecasts;

  beforeEach(async () => {
    jobs = await MemoryJobRepository.create();
    now = NOW;
    forecasts = new QueueForecasts(jobs, { maxAgeMs: 1_000 }, () => now);
    // History: one finished render of the shape took 10 s.
    await jobs.insert(aQueuedJob({ status: 'COMPLETED', progress: 100, startedAt: at(-40), completedAt: at(-30) }));
  });
  afterEach(() => jobs.close());

  it('a rendering job’s finish comes from the job as read, not from the look reused for 1 s', async () => {
    const { job: rendering } = await jobs.insert(
      aQueuedJob({ status: 'PROCESSING', attempt: 1, progress: 10, startedAt: at(-3), history: [step(10, -2)] }),
    );
    const { job: waiting } = await jobs.insert(aQueuedJob());
    const first = await forecasts.forJobs([rendering, waiting]);
    // 10 % in the 1 s from the claim to the step (one step): 0.1 s per percent; 2 s after the step, at
    // least the 80 % after the next step are left (8 s). The waiting job follows for the typical 10 s.
    expect(first.get(rendering.id)).toEqual({ position: null, estimatedStartAt: null, estimatedFinishAt: at(8) });
    expect(first.get(waiting.id)).toEqual({ position: 1, estimatedStartAt: at(8), estimatedFinishAt: at(18) });

    // A moment later (the look is reused) the render has reached 50 %: 10 → 50 % in 2 s.
    now = at(0.2);
    const progressed = (await jobs.update(
      rendering.id,
      { status: ['PROCESSING'] },
      { set: { progress: 50, updatedAt: at(0) }, history: [step(30, -1), step(50, 0)] },
    ))!;
    const later = await forecasts.forJobs([progressed, waiting]);
    // 0.05 s per percent × 50 % = 2.5 s from the 50 % step: finish at 2.5 s.
    expect(later.get(rendering.id)?.estimatedFinishAt).toEqual(at(2.5));
    // The waiting job's place and times are the look's until the next one.
    expect(later.get(waiting.id)).toEqual(first.get(waiting.id));
  });

  it('a job queued after the look is forecast on its first read: the look is taken again', async () => {
    const looks = jest.spyOn(jobs, 'queueHeads');
    await forecasts.forJobs([]);
    // Queued half a second after that look (the web app reads a second after the `queued` event: a look
    // another read took meanwhile may not have it).
    now = at(0.5);
    const { job: newcomer } = await jobs.insert(aQueuedJob({ updatedAt: at(0.5) }));
    expect((await forecasts.forJobs([newcomer])).get(newcomer.id)).toEqual({
      position: 1,
      estimatedStartAt: at(0.5),
      estimatedFinishAt: at(10.5),
    });
    expect(looks).toHaveBeenCalledTimes(2);
    // Seen now: the next reads within the second share that look.
    now = at(0.9);
    await forecasts.forJobs([newcomer]);
    expect(looks).toHaveBeenCalledTimes(2);
  });

  it('an old job the look leaves out (past its limit) does not make every read look again', async () => {
    const limited = new QueueForecasts(jobs, { maxAgeMs: 1_000, queueLimit: 1 }, () => now);
    const looks = jest.spyOn(jobs, 'queueHeads');
    const { job: first } = await jobs.insert(aQueuedJob());
    const { job: second } = await jobs.insert(aQueuedJob());
    const read = await limited.forJobs([first, second]);
    expect(read.get(first.id)?.position).toBe(1);
    expect(read.has(second.id)).toBe(false);
    now = at(0.5);
    expect((await limited.forJobs([second])).has(second.id)).toBe(false);
    expect(looks).toHaveBeenCalledTimes(1);
  });
});
