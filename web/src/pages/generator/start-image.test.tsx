import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { newIdempotencyKey } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { createJob, getGroupedModels, getJob, requestStartImageUpload, sendStartImage } from '../../api/endpoints';
import { makeJobView } from '../../features/jobs/testing/jobs.testing';
import { groupedModels, LOCAL_MODEL } from '../../features/jobs/testing/models.testing';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { resetJobs } from '../../live';
import { useTopBar } from '../../session/top-bar-store';
import type * as TopBarStore from '../../session/top-bar-store';
import GeneratorPage from './index';
import { clearSubmissions } from './submissions-store';
import { problemOfFile } from './use-start-image';

jest.mock('../../api/endpoints', () => ({
  getGroupedModels: jest.fn(),
  createJob: jest.fn(),
  getUserSummary: jest.fn(),
  getNotificationPreferences: jest.fn(),
  getJob: jest.fn(),
  requestStartImageUpload: jest.fn(),
  sendStartImage: jest.fn(),
}));
jest.mock('../../api/api-client', () => ({ newIdempotencyKey: jest.fn(() => 'key') }));
jest.mock('../../session/top-bar-store', () => ({
  ...jest.requireActual<typeof TopBarStore>('../../session/top-bar-store'),
  refreshTopBar: jest.fn(() => Promise.resolve(undefined)),
}));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const FORM = {
  image: 'uploads/u1/2f1c0c2e-0000-4000-8000-000000000001',
  upload: { url: '/blobs', fields: { key: 'uploads/u1/2f1c0c2e-0000-4000-8000-000000000001' } },
  maxBytes: 4,
  expiresAt: '2030-01-01T00:05:00.000Z',
};

function renderGenerator(entry = '/generate') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/generate', element: <GeneratorPage /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ applyAccept: false });
}

const picker = () => screen.getByLabelText('Start image (optional)');
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });

beforeAll(() => initI18n('en'));
beforeEach(async () => {
  await act(() => setLanguage('en'));
  jest.clearAllMocks();
  jest.mocked(newIdempotencyKey).mockReturnValue('key');
  jest.mocked(getGroupedModels).mockResolvedValue(groupedModels(LOCAL_MODEL));
  jest.mocked(requestStartImageUpload).mockResolvedValue(FORM);
  jest.mocked(sendStartImage).mockResolvedValue(true);
  jest
    .mocked(createJob)
    .mockResolvedValue({ id: 'job-1', status: 'PENDING', progress: 0, createdAt: '2030-01-01T00:00:00.000Z', cost: 5 });
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  resetJobs();
  clearSubmissions();
  useTopBar.setState({
    tier: 'FREE',
    plan: null,
    allowance: null,
    maxResolution: '2160p',
    credits: { balance: 100, heldCredits: 0, currency: 'credits' },
    loadedAt: Date.now(),
  });
});

describe('Generator: start image (issue 21)', () => {
  it('uploads a chosen image with media’s form, shows it, and sends its name with the job', async () => {
    const user = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(screen.getByRole('textbox', { name: /^Prompt/ }), 'A test card');
    await user.upload(picker(), png());

    expect(await screen.findByText('The video will start on this image.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The chosen start image' })).toHaveAttribute('src', 'blob:preview');
    expect(jest.mocked(requestStartImageUpload).mock.calls[0]?.[0]).toEqual({ contentType: 'image/png', sizeBytes: 4 });
    expect(jest.mocked(sendStartImage).mock.calls[0]?.[0]).toEqual(FORM.upload);

    await user.click(screen.getByRole('button', { name: 'Generate video' }));
    await waitFor(() => expect(createJob).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createJob).mock.calls[0]?.[0]).toMatchObject({ prompt: 'A test card', image: FORM.image });
  });

  it('refuses another kind of file at once, without uploading it', async () => {
    const user = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.upload(picker(), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image.');
    expect(picker()).toBeInvalid();
    expect(requestStartImageUpload).not.toHaveBeenCalled();
  });

  it('shows the service’s refusal of the image on the field, and removing the image sends none', async () => {
    jest.mocked(createJob).mockRejectedValueOnce(
      new ApiError({
        reason: 'validation',
        status: 400,
        title: 'validation',
        message: 'Please fix highlighted fields.',
        fieldErrors: { image: 'This file is not a JPEG, PNG or WebP image.' },
      }),
    );
    const user = renderGenerator();
    await screen.findByRole('radio', { name: 'Kadr Motion' });
    await user.type(screen.getByRole('textbox', { name: /^Prompt/ }), 'A test card');
    await user.upload(picker(), png());
    await screen.findByText('The video will start on this image.');
    await user.click(screen.getByRole('button', { name: 'Generate video' }));
    expect(await screen.findByText('This file is not a JPEG, PNG or WebP image.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove the image' }));
    await user.click(screen.getByRole('button', { name: 'Generate video' }));
    await waitFor(() => expect(createJob).toHaveBeenCalledTimes(2));
    expect(jest.mocked(createJob).mock.calls[1]?.[0]).not.toHaveProperty('image');
  });

  it('a remix starts from the earlier job’s own copy of its start image', async () => {
    jest.mocked(getJob).mockResolvedValue({
      data: makeJobView('job-old', {
        status: 'COMPLETED',
        prompt: 'From a picture',
        startImage: { url: '/start-images/job-old', image: 'users/u1/jobs/job-old/start-image' },
      }),
    });
    const user = renderGenerator('/generate?remix=job-old');
    expect(await screen.findByRole('img', { name: 'The chosen start image' })).toHaveAttribute(
      'src',
      '/start-images/job-old',
    );
    await user.click(screen.getByRole('button', { name: 'Generate video' }));
    await waitFor(() => expect(createJob).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createJob).mock.calls[0]?.[0]).toMatchObject({ image: 'users/u1/jobs/job-old/start-image' });
    expect(requestStartImageUpload).not.toHaveBeenCalled();
  });
});

describe('problemOfFile', () => {
  it.each([
    [{ type: 'image/jpeg', size: 10 }, null],
    [{ type: 'image/webp', size: 10 * 1024 * 1024 }, null],
    [{ type: 'image/png', size: 10 * 1024 * 1024 + 1 }, 'tooLarge'],
    [{ type: 'image/png', size: 0 }, 'empty'],
    [{ type: 'text/plain', size: 10 }, 'type'],
  ])('%o → %s', (file, problem) => {
    expect(problemOfFile(file)).toBe(problem);
  });
});
