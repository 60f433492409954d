import type { JobQueueForecast } from '@kadr/contracts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { formatDateTime } from '../../i18n/format';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { resetQueueForecasts, setQueueForecasts, type LiveJob } from '../../live';
import { JobProgressCard } from './JobProgressCard';

jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

/** Today at the given local time (the card shows the clock time alone for today). */
function today(hours: number, minutes: number): string {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date.toISOString();
}
const clock = (iso: string) => formatDateTime(iso, { timeStyle: 'short' });

const START = today(12, 5);
const FINISH = today(12, 9);

const job = (status: LiveJob['status'], progress = 0): LiveJob => ({
  id: 'job-1',
  status,
  progress,
  createdAt: today(11, 50),
});

function forecast(patch: Partial<JobQueueForecast> = {}): JobQueueForecast {
  return { position: 3, estimatedStartAt: START, estimatedFinishAt: FINISH, ...patch };
}

function renderCard(live: LiveJob) {
  return render(
    <MemoryRouter>
      <JobProgressCard job={live} title="A fox in the snow" />
    </MemoryRouter>,
  );
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  resetQueueForecasts();
});

describe('JobProgressCard: place in queue and estimated times', () => {
  it('a queued job: its place and the estimated start and finish', () => {
    setQueueForecasts([{ id: 'job-1', queue: forecast() }]);
    renderCard(job('PENDING'));
    expect(screen.getByText('Place in queue: 3')).toBeInTheDocument();
    expect(
      screen.getByText(`Estimated start around ${clock(START)}, finish around ${clock(FINISH)}`),
    ).toBeInTheDocument();
  });

  it('a rendering job: the estimated finish, no place', () => {
    setQueueForecasts([{ id: 'job-1', queue: forecast({ position: null, estimatedStartAt: null }) }]);
    renderCard(job('PROCESSING', 40));
    expect(screen.getByText(`Estimated finish around ${clock(FINISH)}`)).toBeInTheDocument();
    expect(screen.queryByText(/Place in queue/)).not.toBeInTheDocument();
  });

  it('says there is no estimate yet when the server has none — never a made-up time', () => {
    setQueueForecasts([
      { id: 'job-1', queue: forecast({ position: 1, estimatedStartAt: null, estimatedFinishAt: null }) },
    ]);
    const { unmount } = renderCard(job('PENDING'));
    expect(screen.getByText('Place in queue: 1')).toBeInTheDocument();
    expect(screen.getByText('No time estimate yet')).toBeInTheDocument();
    expect(screen.queryByText(/Estimated/)).not.toBeInTheDocument();
    unmount();

    setQueueForecasts([{ id: 'job-1', queue: null }]);
    renderCard(job('PROCESSING', 10));
    expect(screen.getByText('No time estimate yet')).toBeInTheDocument();
  });

  it('shows nothing of the queue before the active list was read, nor once the job ended', () => {
    const { unmount } = renderCard(job('PENDING'));
    expect(screen.queryByText(/Place in queue|estimate/i)).not.toBeInTheDocument();
    unmount();

    setQueueForecasts([{ id: 'job-1', queue: forecast() }]);
    renderCard(job('COMPLETED', 100));
    expect(screen.queryByText(/Place in queue|estimate/i)).not.toBeInTheDocument();
  });

  it('follows the store: a new read changes the place', () => {
    setQueueForecasts([{ id: 'job-1', queue: forecast() }]);
    renderCard(job('PENDING'));
    act(() => setQueueForecasts([{ id: 'job-1', queue: forecast({ position: 1 }) }]));
    expect(screen.getByText('Place in queue: 1')).toBeInTheDocument();
  });

  it('is not a live region (the status badge is the only one)', () => {
    setQueueForecasts([{ id: 'job-1', queue: forecast() }]);
    renderCard(job('PENDING'));
    expect(screen.getByText('Place in queue: 3').closest('[aria-live]')).toBeNull();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    setQueueForecasts([{ id: 'job-1', queue: forecast({ position: 2 }) }]);
    const { unmount } = renderCard(job('PENDING'));
    expect(screen.getByText('Pozycja w kolejce: 2')).toBeInTheDocument();
    expect(screen.getByText(`Szacowany start ok. ${clock(START)}, koniec ok. ${clock(FINISH)}`)).toBeInTheDocument();
    unmount();

    setQueueForecasts([{ id: 'job-1', queue: forecast({ position: null }) }]);
    const processing = renderCard(job('PROCESSING', 50));
    expect(screen.getByText(`Szacowany koniec ok. ${clock(FINISH)}`)).toBeInTheDocument();
    processing.unmount();

    setQueueForecasts([{ id: 'job-1', queue: null }]);
    renderCard(job('PENDING'));
    expect(screen.getByText('Brak jeszcze szacunku czasu')).toBeInTheDocument();
  });
});
