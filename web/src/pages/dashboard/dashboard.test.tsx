import type { JobView, MediaItem, MediaPageResponse } from '@kadr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ApiError } from '../../api/api-error';
import { cancelJob, getRecentJobs, getThumbnail, getVideos } from '../../api/endpoints';
import { JOB_AT, makeCancelledJobView, makeJobView } from '../../features/jobs/testing/jobs.testing';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { applyLiveEvent, resetJobs, useJobStore } from '../../live';
import { clearToasts, useToasts } from '../../notifications/toast-store';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import { clearTopBar, refreshTopBar, useTopBar } from '../../session/top-bar-store';
import type * as TopBarStore from '../../session/top-bar-store';
import DashboardPage from './index';

jest.mock('../../api/endpoints', () => ({
  cancelJob: jest.fn(),
  getRecentJobs: jest.fn(),
  getVideos: jest.fn(),
  getThumbnail: jest.fn(),
  getUserSummary: jest.fn(),
  getSession: jest.fn(),
  logout: jest.fn(),
}));
jest.mock('../../session/top-bar-store', () => ({
  ...jest.requireActual<typeof TopBarStore>('../../session/top-bar-store'),
  refreshTopBar: jest.fn(() => Promise.resolve(undefined)),
}));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const mockedRecentJobs = jest.mocked(getRecentJobs);
const mockedVideos = jest.mocked(getVideos);
const AT = JOB_AT;

/** A job of the recent-jobs list (completed unless patched). */
const jobView = (id: string, patch: Partial<JobView> = {}): JobView =>
  makeJobView(id, { status: 'COMPLETED', progress: 100, completedAt: AT, ...patch });

function mediaItem(index: number): MediaItem {
  return {
    id: `media-${index}`,
    jobId: `done-${index}`,
    createdAt: AT,
    filename: `video-done-${index}.mp4`,
    type: 'video/mp4',
    url: `/video/done-${index}`,
    thumbnailUrl: `/thumbs/done-${index}`,
    durationSeconds: 5,
    width: 1280,
    height: 720,
    sizeBytes: 1000,
  };
}

function videosPage(count: number): MediaPageResponse {
  return {
    data: Array.from({ length: Math.min(count, 12) }, (_, index) => mediaItem(index + 1)),
    pagination: { page: 1, limit: 12, total: count, hasNext: count > 12 },
  };
}

function GeneratorStandIn() {
  const location = useLocation();
  return <p>generator: {(location.state as { prompt?: string } | null)?.prompt ?? '(none)'}</p>;
}

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/generate', element: <GeneratorStandIn /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user };
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  jest.clearAllMocks();
  resetJobs();
  clearTopBar();
  useSession.setState({
    ...INITIAL_SESSION_STATE,
    status: 'authenticated',
    user: { id: 'u1', email: 'ala@example.pl', name: 'Ala', roles: ['user'], permissions: [] },
  });
  useTopBar.setState({
    tier: 'PRO',
    plan: 'starter',
    allowance: { limit: 50, used: 12, periodEnd: '2030-01-31T00:00:00.000Z' },
    maxResolution: '720p',
    credits: { balance: 120, heldCredits: 20, currency: 'credits' },
    loadedAt: Date.now(),
  });
  mockedRecentJobs.mockResolvedValue({ items: [] });
  mockedVideos.mockResolvedValue(videosPage(0));
  jest.mocked(getThumbnail).mockResolvedValue({ url: null });
});

describe('Dashboard', () => {
  it('greets the person and shows balance and plan at a glance', async () => {
    renderDashboard();
    expect(
      screen.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Ala$/ }),
    ).toBeInTheDocument();
    const account = section('Balance and plan');
    expect(within(account).getByText('120')).toBeInTheDocument();
    expect(within(account).getByText('20 held for running jobs · 100 available')).toBeInTheDocument();
    expect(within(account).getByText(/Starter plan/)).toBeInTheDocument();
    expect(within(account).getByText('12 of 50 generations used')).toBeInTheDocument();
    expect(within(account).getByRole('progressbar', { name: 'Generations used this period' })).toHaveAttribute(
      'aria-valuenow',
      '24',
    );
    expect(within(account).getByText(/Period ends 31 January 2030/)).toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/buy-credits');
    expect(within(account).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    expect(refreshTopBar).toHaveBeenCalled();
    await screen.findByText('No videos yet.');
  });

  it('says when there is no plan and the balance is unknown', async () => {
    useTopBar.setState({ tier: 'FREE', plan: null, allowance: null, credits: null });
    renderDashboard();
    const account = section('Balance and plan');
    expect(within(account).getByText('Your balance is not available right now.')).toBeInTheDocument();
    expect(within(account).getByText(/No plan/)).toBeInTheDocument();
    expect(within(account).getByText('Videos are paid with credits, up to 720p.')).toBeInTheDocument();
    await screen.findByText('No videos yet.');
  });

  it('shows the empty states', async () => {
    renderDashboard();
    expect(await screen.findByText('No videos yet.')).toBeInTheDocument();
    expect(within(section('Jobs in progress')).getByText('No jobs running')).toBeInTheDocument();
    expect(await within(section('Recently completed')).findByText('No completed videos yet')).toBeInTheDocument();
    expect(within(section('Jobs in progress')).getByRole('link', { name: 'Generate a video' })).toHaveAttribute(
      'href',
      '/generate',
    );
  });

  it('renders active jobs with progress from the store and moves completed ones to the recent list', async () => {
    act(() => {
      applyLiveEvent('connected', {});
      applyLiveEvent('created', { id: 'job-a', progress: 0, createdAt: AT });
      applyLiveEvent('progress', { id: 'job-a', progress: 40, createdAt: null });
      applyLiveEvent('created', { id: 'job-b', progress: 0, createdAt: '2025-03-01T09:00:00.000Z' });
    });
    mockedRecentJobs.mockResolvedValue({
      items: [
        jobView('job-a', { status: 'PROCESSING', progress: 40, prompt: 'A fox in the snow', completedAt: null }),
        jobView('job-b', { status: 'PENDING', progress: 0, prompt: 'A kite', completedAt: null }),
      ],
    });
    renderDashboard();

    const active = section('Jobs in progress');
    expect(within(active).getByRole('status')).toHaveTextContent('Live');
    const list = within(active).getByRole('list', { name: 'Jobs in progress' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(cards[0]!).getByText(/Generating… 40%/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Queued')).toBeInTheDocument();
    // Details (prompt, options) arrive from the recent-jobs list.
    expect(await within(list).findByText('A fox in the snow')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('5s · Standard · Normal')).toBeInTheDocument();
    // Each card links to its job's page.
    expect(within(cards[0]!).getByRole('link', { name: 'Details of “A fox in the snow”' })).toHaveAttribute(
      'href',
      '/jobs/job-a',
    );
    expect(within(cards[1]!).getByRole('link', { name: 'Details of “A kite”' })).toHaveAttribute('href', '/jobs/job-b');

    mockedRecentJobs.mockResolvedValue({
      items: [
        jobView('job-a', { prompt: 'A fox in the snow' }),
        jobView('job-b', { status: 'PENDING', progress: 0, prompt: 'A kite', completedAt: null }),
      ],
    });
    mockedVideos.mockResolvedValue(videosPage(1));
    const recentCalls = mockedRecentJobs.mock.calls.length;
    act(() => applyLiveEvent('completed', { id: 'job-a', createdAt: null }));

    expect(within(section('Jobs in progress')).getAllByRole('listitem')).toHaveLength(1);
    expect(within(section('Jobs in progress')).queryByText('A fox in the snow')).not.toBeInTheDocument();
    const completed = within(section('Recently completed')).getByRole('list', { name: 'Recently completed videos' });
    expect(within(completed).getByText('A fox in the snow')).toBeInTheDocument();
    expect(within(completed).getByRole('link', { name: 'Watch “A fox in the snow” in the gallery' })).toHaveAttribute(
      'href',
      '/gallery',
    );
    expect(within(completed).getByRole('link', { name: 'Details of “A fox in the snow”' })).toHaveAttribute(
      'href',
      '/jobs/job-a',
    );
    // The completion refreshed both lists at once.
    await waitFor(() => expect(mockedRecentJobs.mock.calls.length).toBeGreaterThan(recentCalls));
    expect(await screen.findByRole('link', { name: /^Video from/ })).toHaveAttribute('href', '/gallery');
  });

  it('cancels a running job after asking: it leaves the list at once and the person is told', async () => {
    clearToasts();
    act(() => {
      applyLiveEvent('created', { id: 'job-a', progress: 0, createdAt: AT });
      applyLiveEvent('progress', { id: 'job-a', progress: 40, createdAt: null });
    });
    const running = jobView('job-a', { status: 'PROCESSING', progress: 40, prompt: 'A fox', completedAt: null });
    mockedRecentJobs.mockResolvedValue({ items: [running] });
    jest.mocked(cancelJob).mockResolvedValue({
      data: makeCancelledJobView('job-a', { progress: 40, prompt: 'A fox' }),
    });
    const { user } = renderDashboard();
    const active = section('Jobs in progress');

    await user.click(await within(active).findByRole('button', { name: 'Cancel generation “A fox”' }));
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));

    expect(await within(active).findByText('No jobs running')).toBeInTheDocument();
    expect(cancelJob).toHaveBeenCalledTimes(1);
    expect(cancelJob).toHaveBeenCalledWith('job-a', expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(useJobStore.getState().jobs['job-a']?.status).toBe('CANCELLED');
    expect(useToasts.getState().toasts.map((toast) => toast.message)).toContain('Cancelled. Your credits are back.');
    expect(within(active).getByRole('heading', { name: 'Jobs in progress' })).toHaveFocus();
  });

  it('says when live updates are paused', async () => {
    renderDashboard();
    expect(within(section('Jobs in progress')).getByRole('status')).toHaveTextContent('Reconnecting…');
    await screen.findByText('No videos yet.');
  });

  it('caps the recent-completed list at 12, live completions first', async () => {
    mockedRecentJobs.mockResolvedValue({
      items: Array.from({ length: 20 }, (_, index) => jobView(`old-${index}`, { prompt: `Old ${index}` })),
    });
    renderDashboard();
    const completed = await within(section('Recently completed')).findByRole('list', {
      name: 'Recently completed videos',
    });
    expect(within(completed).getAllByRole('listitem')).toHaveLength(12);
    act(() => applyLiveEvent('completed', { id: 'fresh', createdAt: AT }));
    const items = within(completed).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    expect(items[0]).toHaveTextContent('New video');
  });

  it('shows the newest four videos with thumbnails, linking to the gallery', async () => {
    mockedVideos.mockResolvedValue(videosPage(7));
    renderDashboard();
    const videos = section('Recent videos');
    const links = await within(videos).findAllByRole('link', { name: /^Video from/ });
    expect(links).toHaveLength(4);
    expect(links[0]).toHaveAttribute('href', '/gallery');
    expect(links[0]!.querySelector('img')).toHaveAttribute('src', '/thumbs/done-1');
    expect(within(videos).getByText('7 videos in your gallery')).toBeInTheDocument();
    expect(mockedVideos).toHaveBeenCalledWith(1, 12, expect.anything());
  });

  it('falls back to the thumbnail URL, then "No preview"', async () => {
    mockedVideos.mockResolvedValue(videosPage(1));
    jest.mocked(getThumbnail).mockRejectedValueOnce(new Error('gone'));
    renderDashboard();
    const link = await screen.findByRole('link', { name: /^Video from/ });
    act(() => {
      link.querySelector('img')!.dispatchEvent(new Event('error'));
    });
    expect(await within(link).findByText('No preview')).toBeInTheDocument();
    expect(getThumbnail).toHaveBeenCalledTimes(1);
  });

  it('shows "Failed to load videos" with Retry', async () => {
    mockedVideos.mockRejectedValueOnce(
      new ApiError({ reason: 'service_unavailable', status: 503, title: 'x', message: 'x', correlationId: 'corr-9' }),
    );
    const { user } = renderDashboard();
    const videos = section('Recent videos');
    expect(await within(videos).findByText('Failed to load videos')).toBeInTheDocument();
    expect(within(videos).getByText('corr-9')).toBeInTheDocument();
    mockedVideos.mockResolvedValue(videosPage(2));
    await user.click(within(videos).getByRole('button', { name: 'Retry' }));
    expect(await within(videos).findAllByRole('link', { name: /^Video from/ })).toHaveLength(2);
  });

  it('shows a recent-jobs failure with Retry', async () => {
    mockedRecentJobs.mockRejectedValueOnce(new ApiError({ reason: 'timeout', status: 0, title: 'x', message: 'x' }));
    const { user } = renderDashboard();
    const completed = section('Recently completed');
    expect(await within(completed).findByText('Could not load your recent jobs.')).toBeInTheDocument();
    await user.click(within(completed).getByRole('button', { name: 'Retry' }));
    expect(await within(completed).findByText('No completed videos yet')).toBeInTheDocument();
  });

  it('hands a quick prompt over to the generator', async () => {
    const { user, router } = renderDashboard();
    await user.type(screen.getByRole('textbox', { name: 'What should we make?' }), 'A lighthouse in a storm');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(router.state.location.pathname).toBe('/generate');
    expect(screen.getByText('generator: A lighthouse in a storm')).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: /^(Dzień dobry|Dobry wieczór), Ala$/ })).toBeInTheDocument();
    expect(within(section('Saldo i plan')).getByText('Wykorzystano 12 z 50 generacji')).toBeInTheDocument();
    expect(await screen.findByText('Nie masz jeszcze filmów.')).toBeInTheDocument();
    expect(screen.getByText('Nic się teraz nie generuje')).toBeInTheDocument();
  });
});
