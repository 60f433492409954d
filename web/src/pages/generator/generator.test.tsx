import type { CreateJobResponse } from '@kadr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { newIdempotencyKey } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { cancelJob, createJob, getGroupedModels, getJob, getNotificationPreferences } from '../../api/endpoints';
import { PERMISSION_ASKED_KEY } from '../../features/inbox/browser-notifications';
import { FakeNotification, installFakeNotification } from '../../features/inbox/testing/fake-notification';
import { makeCancelledJobView, makeJobView } from '../../features/jobs/testing/jobs.testing';
import { FAL_MODEL, groupedModels, LOCAL_MODEL } from '../../features/jobs/testing/models.testing';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { applyLiveEvent, resetJobs, trackLocalJob, useJobStore } from '../../live';
import { clearToasts, useToasts } from '../../notifications/toast-store';
import { refreshTopBar, useTopBar, type TopBarState } from '../../session/top-bar-store';
import type * as TopBarStore from '../../session/top-bar-store';
import GeneratorPage from './index';
import { addSubmission, clearSubmissions } from './submissions-store';

jest.mock('../../api/endpoints', () => ({
  getGroupedModels: jest.fn(),
  createJob: jest.fn(),
  cancelJob: jest.fn(),
  getUserSummary: jest.fn(),
  getNotificationPreferences: jest.fn(),
  getJob: jest.fn(),
}));
jest.mock('../../api/api-client', () => ({ newIdempotencyKey: jest.fn() }));
jest.mock('../../session/top-bar-store', () => ({
  ...jest.requireActual<typeof TopBarStore>('../../session/top-bar-store'),
  refreshTopBar: jest.fn(() => Promise.resolve(undefined)),
}));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const mockedCreateJob = jest.mocked(createJob);
const mockedGetGroupedModels = jest.mocked(getGroupedModels);
const mockedNewKey = jest.mocked(newIdempotencyKey);
const PERIOD_END = '2030-01-31T00:00:00.000Z';

function setEntitlements(patch: Partial<TopBarState>) {
  useTopBar.setState({
    tier: 'FREE',
    plan: null,
    allowance: null,
    maxResolution: '2160p',
    credits: { balance: 100, heldCredits: 0, currency: 'credits' },
    loadedAt: Date.now(),
    ...patch,
  });
}

function problem(
  reason: ApiError['reason'],
  status: number,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) {
  return new ApiError({ reason, status, title: reason, message: `${reason} message`, ...extra });
}

function createdJob(id: string): CreateJobResponse {
  return { id, status: 'PENDING', progress: 0, createdAt: '2025-03-01T10:00:00.000Z', cost: 5 };
}

function renderGenerator(entry: string | { pathname: string; state?: unknown } = '/generate') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } },
  });
  const router = createMemoryRouter(
    [
      { path: '/generate', element: <GeneratorPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user };
}

const price = () => screen.getByRole('region', { name: 'Price' });
const generate = () => screen.getByRole('button', { name: 'Generate video' });
const promptBox = () => screen.getByRole('textbox', { name: /^Prompt/ });

beforeAll(() => initI18n('en'));

let keyCount = 0;
beforeEach(async () => {
  await act(() => setLanguage('en'));
  jest.clearAllMocks();
  keyCount = 0;
  mockedNewKey.mockImplementation(() => `key-${++keyCount}`);
  mockedGetGroupedModels.mockResolvedValue(groupedModels(LOCAL_MODEL, FAL_MODEL));
  resetJobs();
  clearToasts();
  clearSubmissions();
  setEntitlements({});
});

describe('Generator: models', () => {
  it('lists the models grouped by provider and preselects the first', async () => {
    renderGenerator();
    const local = await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(local).toBeChecked();
    expect(screen.getByRole('group', { name: 'Kadr (built-in)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'fal.ai' })).toContainElement(
      screen.getByRole('radio', { name: 'Kling 2.1 Standard (fal)' }),
    );
    // The checkout column is a complementary landmark named by its heading (the sidebar is another one).
    expect(screen.getByRole('complementary', { name: 'Summary' })).toContainElement(price());
  });

  it('describes our own models in the UI language, and an unknown one in the server’s words', async () => {
    await act(() => setLanguage('pl'));
    const { data } = await mockedGetGroupedModels();
    const first = data[0]!;
    const unknown = { ...first.models[0]!, id: 'someone-elses-model', name: 'Other', description: 'Server text.' };
    mockedGetGroupedModels.mockResolvedValue({ data: [{ ...first, models: [...first.models, unknown] }] });
    renderGenerator();
    const local = await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(local).toHaveAccessibleDescription(expect.stringContaining('Wbudowana grafika w ruchu'));
    expect(screen.getByRole('radio', { name: 'Other' })).toHaveAccessibleDescription(
      expect.stringContaining('Server text.'),
    );
  });

  it('says "No models available" when no provider offers one', async () => {
    mockedGetGroupedModels.mockResolvedValue({ data: [] });
    renderGenerator();
    expect(await screen.findByText('No models available')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Price' })).not.toBeInTheDocument();
  });

  it('shows a load failure with Retry', async () => {
    mockedGetGroupedModels.mockRejectedValueOnce(problem('service_unavailable', 503));
    const { user } = renderGenerator();
    expect(await screen.findByText('Could not load the models.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: 'Kadr Motion' })).toBeInTheDocument();
  });

  it('offers only the options the chosen model supports', async () => {
    const { user } = renderGenerator();
    await user.click(await screen.findByRole('radio', { name: 'Kling 2.1 Standard (fal)' }));
    expect(screen.getByRole('radio', { name: '5s' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '10s' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '15s' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^Ultra 2160p/ })).not.toBeInTheDocument();
  });
});

describe('Generator: price before submitting', () => {
  it.each([
    // [model, duration, quality, speed, price, after (balance 100)]
    ['Kadr Motion', '5s', /^Standard/, /^Normal/, '5 credits', '95 credits'],
    ['Kadr Motion', '10s', /^Pro/, /^Normal/, '20 credits', '80 credits'],
    ['Kadr Motion', '15s', /^Lite/, /^Fast/, '10 credits', '90 credits'], // 9.375 → 10
    ['Kadr Motion', '5s', /^Lite/, /^Fast/, '4 credits', '96 credits'], // 3.125 → 4
    ['Kling 2.1 Standard (fal)', '10s', /^Standard/, /^Fast/, '50 credits', '50 credits'],
    ['Kling 2.1 Standard (fal)', '5s', /^Pro/, /^Ultra Fast/, '60 credits', '40 credits'],
  ])('%s %s %s %s → %s', async (modelName, duration, quality, speed, cost, after) => {
    const { user } = renderGenerator();
    await user.click(await screen.findByRole('radio', { name: modelName }));
    await user.click(screen.getByRole('radio', { name: duration }));
    await user.click(screen.getByRole('radio', { name: quality }));
    await user.click(screen.getByRole('radio', { name: speed }));
    expect(within(price()).getByText(cost, { selector: 'p' })).toBeInTheDocument();
    expect(within(price()).getByText('Available').nextSibling).toHaveTextContent('100 credits');
    expect(within(price()).getByText('After this video').nextSibling).toHaveTextContent(after);
  });

  it('shows held credits and warns when the balance is short', async () => {
    setEntitlements({ credits: { balance: 12, heldCredits: 5, currency: 'credits' } });
    const { user } = renderGenerator();
    await user.click(await screen.findByRole('radio', { name: '10s' }));
    expect(within(price()).getByText('10 credits')).toBeInTheDocument();
    expect(within(price()).getByText('Held for running jobs').nextSibling).toHaveTextContent('5 credits');
    expect(within(price()).getByText('After this video').nextSibling).toHaveTextContent('−3 credits');
    expect(within(price()).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/buy-credits');
  });

  it('says "Included in your plan" when the allowance covers the job', async () => {
    setEntitlements({
      tier: 'PRO',
      plan: 'starter',
      maxResolution: '720p',
      allowance: { limit: 50, used: 12, periodEnd: PERIOD_END },
    });
    renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(within(price()).getByText('Included in your plan')).toBeInTheDocument();
    expect(within(price()).getByText(/12 of 50 generations used this period/)).toBeInTheDocument();
    expect(within(price()).queryByText(/credits/)).not.toBeInTheDocument();
  });

  it('charges credits when the period’s generations are used up', async () => {
    setEntitlements({
      plan: 'starter',
      maxResolution: '720p',
      allowance: { limit: 50, used: 50, periodEnd: PERIOD_END },
    });
    renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(within(price()).getByText('5 credits')).toBeInTheDocument();
    expect(within(price()).getByText(/generations for this period are used up/)).toBeInTheDocument();
  });
});

describe('Generator: the plan’s resolution cap', () => {
  it('disables qualities above the cap with a hint and an Upgrade link', async () => {
    setEntitlements({ maxResolution: '720p' });
    renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(screen.getByRole('radio', { name: /^Pro 1080p/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^Ultra 2160p/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^Standard 720p/ })).toBeEnabled();
    expect(screen.getByRole('radio', { name: /^Lite 480p/ })).toBeEnabled();
    expect(screen.getByText('Available on the Pro plan')).toBeInTheDocument();
    expect(screen.getByText('Available on the Enterprise plan')).toBeInTheDocument();
    expect(screen.getByText('Your plan renders up to 720p.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
  });

  it('moves a chosen quality down when the cap turns out lower', async () => {
    const { user } = renderGenerator();
    await user.click(await screen.findByRole('radio', { name: /^Ultra 2160p/ }));
    act(() => setEntitlements({ maxResolution: '720p' }));
    expect(screen.getByRole('radio', { name: /^Standard 720p/ })).toBeChecked();
  });
});

describe('Generator: submitting', () => {
  it('checks the prompt before sending', async () => {
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.click(generate());
    expect(screen.getByText('Enter a prompt.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix highlighted fields.');
    expect(promptBox()).toHaveAttribute('aria-invalid', 'true');
    expect(mockedCreateJob).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors under their fields, with the summary', async () => {
    mockedCreateJob.mockRejectedValueOnce(
      problem('validation', 400, {
        message: 'Please fix highlighted fields.',
        fieldErrors: {
          prompt: 'The prompt must not contain control characters.',
          speed: 'This model does not offer this speed.',
        },
      }),
    );
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox');
    await user.click(generate());
    expect(await screen.findByText('The prompt must not contain control characters.')).toBeInTheDocument();
    expect(promptBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Speed' })).toHaveAccessibleDescription(/does not offer this speed/);
    expect(screen.getByText('Please fix highlighted fields.')).toBeInTheDocument();
    // Editing the field clears its message.
    await user.type(promptBox(), '!');
    expect(screen.queryByText('The prompt must not contain control characters.')).not.toBeInTheDocument();
  });

  it('on 402 says Insufficient credits and links to buying them', async () => {
    mockedCreateJob.mockRejectedValueOnce(problem('insufficient_credits', 402, { message: 'Insufficient credits' }));
    setEntitlements({ credits: { balance: 3, heldCredits: 0, currency: 'credits' } });
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox');
    await user.click(generate());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient credits');
    expect(alert).toHaveTextContent('This video costs 5 credits; you have 3 credits available.');
    expect(within(alert).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/buy-credits');
  });

  it('on 403 tier_cap names the cap and the plan, with an Upgrade link', async () => {
    mockedCreateJob.mockRejectedValueOnce(
      problem('tier_cap', 403, { message: 'Your plan does not include this option.' }),
    );
    const { user } = renderGenerator();
    await user.click(await screen.findByRole('radio', { name: /^Ultra 2160p/ }));
    await user.type(promptBox(), 'A fox');
    // The plan changed on the server since the page loaded: the refresh after the refusal brings the new cap.
    jest.mocked(refreshTopBar).mockImplementation(() => {
      setEntitlements({ maxResolution: '1080p' });
      return Promise.resolve(undefined);
    });
    await user.click(generate());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not included in your plan');
    expect(alert).toHaveTextContent(
      'Ultra (2160p) is above your plan’s limit of 1080p. The Enterprise plan includes it.',
    );
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    // The choice moved within the new cap.
    expect(screen.getByRole('radio', { name: /^Pro 1080p/ })).toBeChecked();
  });

  it('on 429 quota_exceeded (videos in progress at the plan’s cap) shows the server’s sentence naming the cap, not the allowance text', async () => {
    const detail = 'You already have 3 videos in progress, the most your plan allows. Wait for one to finish.';
    mockedCreateJob.mockRejectedValueOnce(
      problem('quota_exceeded', 429, { message: 'You have used up your allowance for now.', detail }),
    );
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox');
    await user.click(generate());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many videos in progress');
    expect(alert).toHaveTextContent(detail);
    expect(alert).not.toHaveTextContent('allowance');
    expect(within(alert).getByRole('link', { name: 'See videos in progress' })).toHaveAttribute('href', '/dashboard');
    // Trying again at once cannot help: no Try again; the next Generate (after a video finished) sends a
    // new key, since the gateway would replay this answer for the same one.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    mockedCreateJob.mockResolvedValueOnce(createdJob('job-9'));
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(2));
    expect(mockedCreateJob.mock.calls.map((call) => call[1])).toEqual(['key-1', 'key-2']);
  });

  it('on 429 quota_exceeded in Polish says it in Polish (the server’s sentence is English)', async () => {
    await act(() => setLanguage('pl'));
    mockedCreateJob.mockRejectedValueOnce(
      problem('quota_exceeded', 429, {
        message: 'Limit na ten okres został już wykorzystany.',
        detail: 'You already have 3 videos in progress, the most your plan allows. Wait for one to finish.',
      }),
    );
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(screen.getByRole('textbox', { name: /Opis|Prompt/ }), 'Lis');
    await user.click(screen.getByRole('button', { name: 'Generuj film' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Za dużo filmów w toku');
    expect(alert).toHaveTextContent(
      'Masz już w toku tyle filmów, ile pozwala Twój plan. Poczekaj, aż któryś się skończy.',
    );
    expect(alert).not.toHaveTextContent('You already have');
  });

  it('reuses the Idempotency-Key after a network failure, and makes a new one after a change', async () => {
    mockedCreateJob.mockRejectedValue(problem('network_error', 0));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox');
    await user.click(generate());
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // The cache retried once with the same key; the person then tries again.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(4));
    const keys = () => mockedCreateJob.mock.calls.map((call) => call[1]);
    expect(keys()).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);

    // A change of the form is a new request.
    await screen.findByRole('button', { name: 'Try again' });
    await user.type(promptBox(), ' in snow');
    mockedCreateJob.mockResolvedValueOnce(createdJob('job-1'));
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(5));
    expect(keys()[4]).toBe('key-2');
    expect(mockedCreateJob.mock.calls[4]?.[0]).toEqual({
      prompt: 'A fox in snow',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Standard',
      speed: 'Normal',
      aspectRatio: '16:9',
    });

    // After a success the same unchanged form is a new generation with a new key.
    await screen.findByText('Queued');
    mockedCreateJob.mockResolvedValueOnce(createdJob('job-2'));
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(6));
    expect(keys()[5]).toBe('key-3');
  });

  it('does not reuse a key the server refused (a 4xx is replayed for the same key)', async () => {
    mockedCreateJob.mockRejectedValueOnce(problem('insufficient_credits', 402));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox');
    await user.click(generate());
    await screen.findByText('Insufficient credits');
    mockedCreateJob.mockResolvedValueOnce(createdJob('job-1'));
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(2));
    expect(mockedCreateJob.mock.calls.map((call) => call[1])).toEqual(['key-1', 'key-2']);
  });

  it('on success tracks the job as PENDING 0, refreshes the balance, toasts, and shows its live progress', async () => {
    mockedCreateJob.mockResolvedValueOnce(createdJob('job-7'));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox in the snow');
    await user.click(generate());

    const list = await screen.findByRole('list', { name: 'Videos started on this page' });
    expect(useJobStore.getState().jobs['job-7']).toEqual({
      id: 'job-7',
      status: 'PENDING',
      progress: 0,
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    expect(useJobStore.getState().activeIds).toContain('job-7');
    expect(refreshTopBar).toHaveBeenCalled();
    expect(useToasts.getState().toasts.map((toast) => toast.message)).toContain(
      'Video queued. Its progress is shown on this page.',
    );
    expect(within(list).getByText('A fox in the snow')).toBeInTheDocument();
    expect(within(list).getByText('Queued')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Details of “A fox in the snow”' })).toHaveAttribute(
      'href',
      '/jobs/job-7',
    );
    expect(within(list).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    act(() => applyLiveEvent('progress', { id: 'job-7', progress: 40, createdAt: null }));
    expect(within(list).getByText('Generating')).toBeInTheDocument();
    expect(within(list).getByText(/Generating… 40%/)).toBeInTheDocument();
    expect(within(list).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    act(() => applyLiveEvent('completed', { id: 'job-7', createdAt: null }));
    expect(within(list).getByText('Ready')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Watch in gallery' })).toHaveAttribute('href', '/gallery');

    // The form stays usable for another generation.
    expect(generate()).toBeEnabled();
    expect(promptBox()).toHaveValue('A fox in the snow');
  });
});

describe('Generator: asking for browser notifications (issue 20)', () => {
  let uninstall: () => void;
  beforeEach(() => {
    localStorage.removeItem(PERMISSION_ASKED_KEY);
    uninstall = installFakeNotification('default');
    jest.mocked(getNotificationPreferences).mockResolvedValue({ data: { email: true, browser: true } });
  });
  afterEach(() => uninstall());

  /** Types the prompt (the first time) and presses Generate. */
  async function generateOnce(user: ReturnType<typeof userEvent.setup>, prompt?: string) {
    if (prompt) await user.type(promptBox(), prompt);
    await user.click(generate());
  }

  it('asks after the first successful generation only — never on page load, never twice', async () => {
    mockedCreateJob.mockResolvedValueOnce(createdJob('job-1')).mockResolvedValueOnce(createdJob('job-2'));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    await generateOnce(user, 'A fox');
    await waitFor(() => expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1));
    FakeNotification.permission = 'default'; // dismissed: the browser would ask again
    await generateOnce(user);
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(2));
    await act(() => Promise.resolve());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the generation is refused', async () => {
    mockedCreateJob.mockRejectedValueOnce(problem('insufficient_credits', 402, { message: 'Insufficient credits' }));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await generateOnce(user, 'A fox');
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient credits');
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('does not ask when the user turned browser notifications off, nor when the browser has decided', async () => {
    jest.mocked(getNotificationPreferences).mockResolvedValue({ data: { email: true, browser: false } });
    mockedCreateJob.mockResolvedValue(createdJob('job-1'));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await generateOnce(user, 'A fox');
    await waitFor(() => expect(getNotificationPreferences).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    FakeNotification.permission = 'denied';
    jest.mocked(getNotificationPreferences).mockResolvedValue({ data: { email: true, browser: true } });
    await generateOnce(user);
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(2));
    await act(() => Promise.resolve());
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('works in a browser without notifications', async () => {
    uninstall();
    mockedCreateJob.mockResolvedValueOnce(createdJob('job-1'));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await generateOnce(user, 'A fox');
    expect(await screen.findByRole('list', { name: 'Videos started on this page' })).toBeInTheDocument();
    expect(getNotificationPreferences).not.toHaveBeenCalled();
  });
});

describe('Generator: cancelling', () => {
  it('cancels a running generation from “Your generations”: its card says so, without a bar or the button', async () => {
    act(() => {
      addSubmission({ id: 'job-7', prompt: 'A fox in the snow', summary: 'Kadr Motion · 5s · Standard' });
      trackLocalJob('job-7', '2025-03-01T10:00:00.000Z');
      applyLiveEvent('progress', { id: 'job-7', progress: 40, createdAt: null });
    });
    jest.mocked(cancelJob).mockResolvedValueOnce({ data: makeCancelledJobView('job-7', { progress: 40 }) });
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    const list = screen.getByRole('list', { name: 'Videos started on this page' });

    await user.click(within(list).getByRole('button', { name: 'Cancel generation “A fox in the snow”' }));
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));

    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(cancelJob).toHaveBeenCalledWith('job-7', 'key-1');
    expect(
      within(list).getByText(/You cancelled this video\. Credits held for it were released\./),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Cancel generation/ })).not.toBeInTheDocument();
    expect(useJobStore.getState().activeIds).not.toContain('job-7');
    expect(useToasts.getState().toasts.map((toast) => toast.message)).toContain('Cancelled. Your credits are back.');
    expect(screen.getByRole('heading', { name: 'Your generations' })).toHaveFocus();
  });
});

describe('Generator: prompt', () => {
  it('counts characters against the limit and offers example prompts', async () => {
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(promptBox()).toHaveAttribute('maxLength', '1000');
    await user.type(promptBox(), 'Snow');
    expect(screen.getByText('4 / 1,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use example: Aurora' }));
    expect((promptBox() as HTMLTextAreaElement).value).toMatch(/^Northern lights/);
  });

  it('turns typed line breaks into spaces (the service refuses control characters)', async () => {
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'Line one{Enter}line two');
    expect(promptBox()).toHaveValue('Line one line two');
  });

  it('takes a prompt handed over in the query or the router state', () => {
    renderGenerator('/generate?prompt=A%20red%20kite');
    expect(promptBox()).toHaveValue('A red kite');
  });

  it('takes a prompt handed over in the router state', () => {
    renderGenerator({ pathname: '/generate', state: { prompt: 'A lighthouse' } });
    expect(promptBox()).toHaveValue('A lighthouse');
  });

  it('asks before leaving with an unsent prompt', async () => {
    const { router, user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'Unsent idea');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/generate');
  });
});

describe('Generator in Polish', () => {
  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderGenerator();
    expect(await screen.findByRole('heading', { level: 1, name: 'Wygeneruj film' })).toBeInTheDocument();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(within(screen.getByRole('region', { name: 'Cena' })).getByText('5 kredytów')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generuj film' })).toBeInTheDocument();
  });
});

describe('Generator: frame, seed and negative prompt (issue 21)', () => {
  const frame = () => screen.getByRole('group', { name: 'Frame' });
  const seedBox = () => screen.queryByRole('textbox', { name: /^Seed/ });
  const negativeBox = () => screen.queryByRole('textbox', { name: /^Negative prompt/ });
  // Earlier tests let the top bar's refresh change the plan; here it keeps the entitlements each test sets.
  beforeEach(() => jest.mocked(refreshTopBar).mockImplementation(() => Promise.resolve(undefined)));

  it('offers the shapes, the seed and the negative prompt the model takes, and sends them', async () => {
    mockedCreateJob.mockResolvedValue(createdJob('job-1'));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(within(frame()).getAllByRole('radio')).toHaveLength(3);
    expect(within(frame()).getByRole('radio', { name: /^16:9 Landscape 1280×720/ })).toBeChecked();
    // The built-in model takes a seed, not a negative prompt.
    expect(seedBox()).toBeInTheDocument();
    expect(negativeBox()).not.toBeInTheDocument();

    // Keyboard: arrow keys move the choice inside the radio group.
    within(frame()).getByRole('radio', { name: /^16:9/ }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(frame()).getByRole('radio', { name: /^9:16 Portrait 720×1280/ })).toBeChecked();
    expect(screen.getByText(/720×1280/, { selector: '.generator-checkout__choice' })).toBeInTheDocument();
    // The shape does not change the price.
    expect(within(price()).getByText('5 credits')).toBeInTheDocument();

    await user.type(promptBox(), 'A fox');
    await user.type(seedBox()!, '42');
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(1));
    expect(mockedCreateJob.mock.calls[0]?.[0]).toEqual({
      prompt: 'A fox',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Standard',
      speed: 'Normal',
      aspectRatio: '9:16',
      seed: 42,
    });
  });

  it('sends no seed when the field is empty, and refuses one that is not a number before sending', async () => {
    mockedCreateJob.mockResolvedValue(createdJob('job-1'));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox');
    await user.type(seedBox()!, 'abc');
    await user.click(generate());
    expect(await screen.findByText(/The seed is a whole number from 0 to 2147483646/)).toBeInTheDocument();
    expect(seedBox()).toHaveAttribute('aria-invalid', 'true');
    expect(mockedCreateJob).not.toHaveBeenCalled();
    await user.clear(seedBox()!);
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(1));
    expect(mockedCreateJob.mock.calls[0]?.[0]).not.toHaveProperty('seed');
  });

  it('offers the negative prompt (not the seed) for a model that takes one', async () => {
    mockedCreateJob.mockResolvedValue(createdJob('job-1'));
    const { user } = renderGenerator();
    await user.click(await screen.findByRole('radio', { name: 'Kling 2.1 Standard (fal)' }));
    expect(seedBox()).not.toBeInTheDocument();
    await user.type(promptBox(), 'A fox');
    await user.type(negativeBox()!, ' blur, text ');
    await user.click(within(frame()).getByRole('radio', { name: /^1:1 Square/ }));
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(1));
    expect(mockedCreateJob.mock.calls[0]?.[0]).toMatchObject({
      modelId: 'fal-kling-standard',
      aspectRatio: '1:1',
      negativePrompt: 'blur, text',
    });
    expect(mockedCreateJob.mock.calls[0]?.[0]).not.toHaveProperty('seed');
  });

  it("checks the plan's cap on the frame's long side: Pro is allowed square under a 720p cap", async () => {
    setEntitlements({ maxResolution: '720p' });
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(screen.getByRole('radio', { name: /^Pro 1080p/ })).toBeDisabled();
    await user.click(within(frame()).getByRole('radio', { name: /^1:1/ }));
    expect(screen.getByRole('radio', { name: /^Pro 1080p/ })).toBeEnabled();
    expect(screen.getByRole('radio', { name: /^Ultra 2160p/ })).toBeDisabled();
  });

  it('shows a field error from the service on its field', async () => {
    mockedCreateJob.mockRejectedValue(
      problem('validation', 400, { fieldErrors: { seed: 'This model does not take a seed.' } }),
    );
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(promptBox(), 'A fox');
    await user.type(seedBox()!, '7');
    await user.click(generate());
    expect(await screen.findByText('This model does not take a seed.')).toBeInTheDocument();
    expect(seedBox()).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    const { user } = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    expect(screen.getByRole('group', { name: 'Kadr' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^9:16 Pionowy/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Ziarno/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Kling 2.1 Standard (fal)' }));
    expect(screen.getByRole('textbox', { name: /^Opis negatywny/ })).toBeInTheDocument();
  });
});

describe('Generator: "Use these settings" (issue 21)', () => {
  const seedBox = () => screen.getByRole('textbox', { name: /^Seed/ });
  beforeEach(() => jest.mocked(refreshTopBar).mockImplementation(() => Promise.resolve(undefined)));

  it('fills every field in from the job of ?remix=, says so, and sends those settings (the price worked out again)', async () => {
    jest.mocked(getJob).mockResolvedValue({
      data: makeJobView('job-old', {
        status: 'COMPLETED',
        prompt: 'A lighthouse in a storm',
        modelId: 'kadr-motion-v1',
        duration: 10,
        quality: 'Lite',
        speed: 'Fast',
        aspectRatio: '1:1',
        seed: 1234,
        negativePrompt: null,
      }),
    });
    mockedCreateJob.mockResolvedValue(createdJob('job-new'));
    const { user } = renderGenerator('/generate?remix=job-old');
    expect(
      await screen.findByText(
        'The settings of “A lighthouse in a storm” are filled in: change anything you like. The price is worked out again.',
      ),
    ).toBeInTheDocument();
    expect(jest.mocked(getJob).mock.calls[0]?.[0]).toBe('job-old');
    await waitFor(() => expect(promptBox()).toHaveValue('A lighthouse in a storm'));
    expect(screen.getByRole('radio', { name: 'Kadr Motion' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '10s' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Lite/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Fast/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^1:1/ })).toBeChecked();
    expect(seedBox()).toHaveValue('1234');

    // The person changes one thing; the rest is the old video's.
    await user.click(screen.getByRole('radio', { name: /^9:16/ }));
    await user.click(generate());
    await waitFor(() => expect(mockedCreateJob).toHaveBeenCalledTimes(1));
    expect(mockedCreateJob.mock.calls[0]?.[0]).toEqual({
      prompt: 'A lighthouse in a storm',
      modelId: 'kadr-motion-v1',
      duration: 10,
      quality: 'Lite',
      speed: 'Fast',
      aspectRatio: '9:16',
      seed: 1234,
    });
  });

  it('a job it cannot read (another person’s is a 404) leaves the form empty and says so', async () => {
    jest.mocked(getJob).mockRejectedValue(problem('not_found', 404));
    renderGenerator('/generate?remix=someone-elses');
    expect(
      await screen.findByText(
        'The settings of that video could not be loaded. You can still fill in the form yourself.',
      ),
    ).toBeInTheDocument();
    expect(promptBox()).toHaveValue('');
  });
});
