import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/api-error';
import type { AdminOrder } from '@kadr/contracts';
import {
  adjustAdminUserCredits,
  chargeBackAdminOrder,
  deleteAdminJob,
  deleteAdminUser,
  getAdminJob,
  getAdminUserJobs,
  getAdminUserOrders,
  getAdminUsers,
  markAdminJobFailed,
  requeueAdminJob,
} from '../../api/endpoints';
import { ADMIN_USERS_DEFAULT_TAKE } from '../../config/constants';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { toast } from '../../notifications/toast-store';
import { jobDetail, jobsPage, makeJob, makeUser, renderAdminPage, usersPage } from '../admin-shared/admin-test-kit';
import AdminUsersPage from './index';

jest.mock('../../api/endpoints', () => ({
  adjustAdminUserCredits: jest.fn(),
  chargeBackAdminOrder: jest.fn(),
  getAdminUserOrders: jest.fn(),
  getAdminUsers: jest.fn(),
  getAdminUserJobs: jest.fn(),
  getAdminJob: jest.fn(),
  deleteAdminUser: jest.fn(),
  requeueAdminJob: jest.fn(),
  markAdminJobFailed: jest.fn(),
  deleteAdminJob: jest.fn(),
}));
jest.mock('../../notifications/toast-store', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const mocked = {
  adjustAdminUserCredits: jest.mocked(adjustAdminUserCredits),
  chargeBackAdminOrder: jest.mocked(chargeBackAdminOrder),
  getAdminUserOrders: jest.mocked(getAdminUserOrders),
  getAdminUsers: jest.mocked(getAdminUsers),
  getAdminUserJobs: jest.mocked(getAdminUserJobs),
  getAdminJob: jest.mocked(getAdminJob),
  deleteAdminUser: jest.mocked(deleteAdminUser),
  requeueAdminJob: jest.mocked(requeueAdminJob),
  markAdminJobFailed: jest.mocked(markAdminJobFailed),
  deleteAdminJob: jest.mocked(deleteAdminJob),
};

// Pages of 50 rows make jsdom slow, more so while the whole web suite runs in parallel.
jest.setTimeout(20_000);

beforeAll(() => initI18n('en'));
beforeEach(() => {
  jest.clearAllMocks();
  // Every opened user reads their orders; the orders tests serve their own.
  mocked.getAdminUserOrders.mockResolvedValue({ data: [], pagination: { skip: 0, take: 10, total: 0 } });
});

const TAKE = ADMIN_USERS_DEFAULT_TAKE;
const usersFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => makeUser(first + i));
const location = () => screen.getByTestId('location').textContent;

/** Answers the users list by its query: `total` users, `q` keeps those whose e-mail contains it. */
function serveUsers(total: number) {
  mocked.getAdminUsers.mockImplementation(({ skip = 0, take = TAKE, q } = {}) => {
    const all = usersFrom(1, total).filter((user) => !q || user.email.includes(q));
    return Promise.resolve(usersPage(all.slice(skip, skip + take), skip, all.length, take));
  });
}

async function selectUser(email: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Show jobs of ${email}` }));
}

describe('Admin: Users list', () => {
  it('asks for the first page with take 50 and shows each user', async () => {
    serveUsers(3);
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    expect(await screen.findByRole('button', { name: 'Show jobs of person1@example.com' })).toBeInTheDocument();
    expect(mocked.getAdminUsers).toHaveBeenCalledWith({ skip: 0, take: TAKE, q: undefined }, expect.anything());
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(4); // header + 3
    expect(within(table).getByText('Person 2')).toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('searches 300 ms after typing, with q in the request and in the URL', async () => {
    serveUsers(12);
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await screen.findByText('1–12 of 12');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'person1');
    // Typing alone sends nothing: the request waits for a pause.
    expect(mocked.getAdminUsers).not.toHaveBeenCalledWith(expect.objectContaining({ q: 'person1' }), expect.anything());
    await waitFor(() =>
      expect(mocked.getAdminUsers).toHaveBeenLastCalledWith({ skip: 0, take: TAKE, q: 'person1' }, expect.anything()),
    );
    // person1, person10, person11, person12; the intermediate "p", "pe", … were never asked for.
    expect(await screen.findByText('1–4 of 4')).toBeInTheDocument();
    expect(location()).toBe('/admin/users?q=person1');
    const asked = mocked.getAdminUsers.mock.calls.map(([filters]) => filters?.q);
    expect(asked).toEqual([undefined, 'person1']);
  });

  it('searches at once on Enter', async () => {
    serveUsers(12);
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await screen.findByText('1–12 of 12');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'person3{Enter}');
    expect(mocked.getAdminUsers).toHaveBeenLastCalledWith({ skip: 0, take: TAKE, q: 'person3' }, expect.anything());
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
  });

  it('goes Back to the previous search and shows it in the box', async () => {
    serveUsers(12);
    const { router } = renderAdminPage(<AdminUsersPage />, '/admin/users?q=person2');
    await screen.findByText('1–1 of 1');
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await userEvent.clear(box);
    await userEvent.type(box, 'person1{Enter}');
    expect(await screen.findByText('1–4 of 4')).toBeInTheDocument();
    expect(location()).toBe('/admin/users?q=person1');

    await act(() => router.navigate(-1));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(location()).toBe('/admin/users?q=person2');
    expect(box).toHaveValue('person2');
    // The box's pending pause must not push the newer search again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(location()).toBe('/admin/users?q=person2');
  });

  it('restores the search from the URL on load', async () => {
    serveUsers(12);
    renderAdminPage(<AdminUsersPage />, '/admin/users?q=person2');
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('person2');
    expect(mocked.getAdminUsers).toHaveBeenCalledWith({ skip: 0, take: TAKE, q: 'person2' }, expect.anything());
  });

  it('pages by 50 with Prev/Next and disables Next on the last page', async () => {
    serveUsers(120);
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    const prev = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();

    await userEvent.click(next);
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
    expect(mocked.getAdminUsers).toHaveBeenLastCalledWith({ skip: 50, take: TAKE, q: undefined }, expect.anything());
    expect(location()).toBe('/admin/users?skip=50');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
    expect(mocked.getAdminUsers).toHaveBeenLastCalledWith({ skip: 100, take: TAKE, q: undefined }, expect.anything());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
  }, 30_000); // three renders of 50-row tables are slow in jsdom

  it('says "No users found" when the search matches nobody', async () => {
    serveUsers(3);
    renderAdminPage(<AdminUsersPage />, '/admin/users?q=nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Nothing matches “nobody”.')).toBeInTheDocument();
  });

  it('shows the error with its correlation id and loads again on Retry', async () => {
    mocked.getAdminUsers.mockRejectedValueOnce(
      new ApiError({
        reason: 'service_unavailable',
        status: 503,
        title: 'Service temporarily unavailable',
        message: 'Service temporarily unavailable',
        correlationId: 'corr-503',
      }),
    );
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load users');
    expect(alert).toHaveTextContent('corr-503');
    serveUsers(2);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
  });
});

describe('Admin: a user and their jobs', () => {
  beforeEach(() => serveUsers(2));

  it('lists the selected user’s jobs and opens a job with its history, hold and ledger', async () => {
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([makeJob('job-1'), makeJob('job-2', { status: 'COMPLETED' })]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(makeJob('job-1')));
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');

    expect(await screen.findByRole('heading', { name: 'User person1@example.com' })).toHaveFocus();
    const jobs = await screen.findByRole('table', { name: 'Jobs of person1@example.com' });
    expect(mocked.getAdminUserJobs).toHaveBeenCalledWith('user-1', { skip: 0, take: TAKE }, expect.anything());
    expect(within(jobs).getByText('Failed')).toBeInTheDocument();
    expect(within(jobs).getByText('Completed')).toBeInTheDocument();

    // Named by the prompt it shows first (label in name, WCAG 2.5.3), then what it does.
    const open = within(jobs).getByRole('button', { name: /— Show job job-1$/ });
    expect(open).toHaveAccessibleName('A fox in the snow (job-1) — Show job job-1');
    await userEvent.click(open);
    expect(await screen.findByRole('heading', { name: 'Job job-1' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByText(/by worker-1/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Credit hold' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Ledger entries of the job' })).toBeInTheDocument();
    expect(mocked.getAdminJob).toHaveBeenCalledWith('job-1', expect.anything());
  });

  it('shows a job’s creative settings: kind, frame, seed, negative prompt, start image (issue 21)', async () => {
    const job = makeJob('job-i2v', {
      status: 'COMPLETED',
      aspectRatio: '9:16',
      seed: 4242,
      negativePrompt: 'blur',
      startImage: { url: '/start-images/job-i2v', image: 'users/user-1/jobs/job-i2v/start-image' },
    });
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([job]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(job));
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    const jobs = await screen.findByRole('table', { name: 'Jobs of person1@example.com' });
    await userEvent.click(within(jobs).getByRole('button', { name: /— Show job job-i2v$/ }));
    await screen.findByRole('heading', { name: 'Job job-i2v' });
    const fields = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fields('Kind')).toBe('Generation from a start image');
    expect(fields('Frame')).toBe('9:16');
    expect(fields('Seed')).toBe('4242');
    expect(fields('Negative prompt')).toBe('blur');
    expect(fields('Start image')).toBe('users/user-1/jobs/job-i2v/start-image');
  });

  it('shows a cancelled job as Cancelled, names the step in its history, and offers neither requeue nor mark failed', async () => {
    const cancelled = makeJob('job-1', {
      status: 'CANCELLED',
      errorCode: 'cancelled',
      errorMessage: 'Cancelled by you',
    });
    const detail = jobDetail(cancelled);
    const [created, last] = detail.data.events;
    detail.data.events = [
      created!,
      {
        ...last!,
        kind: 'cancelled',
        status: 'CANCELLED',
        message: 'Cancelled by you',
        errorCode: 'cancelled',
        actor: 'user-1',
      },
    ];
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([cancelled]));
    mocked.getAdminJob.mockResolvedValue(detail);
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');

    const jobs = await screen.findByRole('table', { name: 'Jobs of person1@example.com' });
    expect(within(jobs).getByText('Cancelled')).toHaveAttribute('data-status', 'CANCELLED');
    await userEvent.click(within(jobs).getByRole('button', { name: /— Show job job-1$/ }));
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByText('Cancelled', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Requeue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark failed' })).toBeDisabled();
  });

  it('names what the payments service could not give (meta.missing)', async () => {
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([makeJob('job-1')]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(makeJob('job-1'), ['hold', 'ledger']));
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    await userEvent.click(await screen.findByRole('button', { name: /— Show job job-1$/ }));
    expect(
      await screen.findByText(
        'Some parts could not be read from the payments service: credit hold, ledger entries. The rest is shown.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Credit hold' })).not.toBeInTheDocument();
  });

  it('requeues a failed job, says so, and refreshes the job and the lists', async () => {
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([makeJob('job-1')]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(makeJob('job-1')));
    mocked.requeueAdminJob.mockResolvedValue({ data: makeJob('job-1', { status: 'PENDING' }) });
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    await userEvent.click(await screen.findByRole('button', { name: /— Show job job-1$/ }));
    const requeue = await screen.findByRole('button', { name: 'Requeue' });
    expect(requeue).toBeEnabled();
    const before = {
      users: mocked.getAdminUsers.mock.calls.length,
      jobs: mocked.getAdminUserJobs.mock.calls.length,
      job: mocked.getAdminJob.mock.calls.length,
    };

    await userEvent.click(requeue);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Job job-1 requeued.'));
    expect(mocked.requeueAdminJob).toHaveBeenCalledTimes(1);
    expect(mocked.requeueAdminJob).toHaveBeenCalledWith('job-1', expect.any(String));
    await waitFor(() => expect(mocked.getAdminJob.mock.calls.length).toBeGreaterThan(before.job));
    expect(mocked.getAdminUserJobs.mock.calls.length).toBeGreaterThan(before.jobs);
    expect(mocked.getAdminUsers.mock.calls.length).toBeGreaterThan(before.users);
  });

  it('enables Requeue only for a failed job', async () => {
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([makeJob('job-2', { status: 'COMPLETED' })]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(makeJob('job-2', { status: 'COMPLETED' })));
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    await userEvent.click(await screen.findByRole('button', { name: /— Show job job-2$/ }));
    const requeue = await screen.findByRole('button', { name: 'Requeue' });
    expect(requeue).toBeDisabled();
    expect(requeue).toHaveAccessibleDescription('Only a failed job can be requeued.');
    expect(screen.getByRole('button', { name: 'Mark failed' })).toBeDisabled();
  });

  it('shows the server’s 409 explanation and correlation id when it refuses', async () => {
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([makeJob('job-1')]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(makeJob('job-1')));
    mocked.requeueAdminJob.mockRejectedValue(
      new ApiError({
        reason: 'conflict',
        status: 409,
        title: 'Conflict',
        message: 'The request conflicts with a current state.',
        detail: 'The job’s previous hold is not released yet; try again shortly.',
        correlationId: 'corr-409',
      }),
    );
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    await userEvent.click(await screen.findByRole('button', { name: /— Show job job-1$/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Requeue' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The request conflicts with a current state. The job’s previous hold is not released yet; try again shortly. (correlation ID: corr-409)',
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('marks a processing job failed with the reason given in the dialog', async () => {
    const job = makeJob('job-3', { status: 'PROCESSING', errorCode: null, errorMessage: null });
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([job]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(job));
    mocked.markAdminJobFailed.mockResolvedValue({ data: { ...job, status: 'FAILED' } });
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    await userEvent.click(await screen.findByRole('button', { name: /— Show job job-3$/ }));
    expect(await screen.findByRole('button', { name: 'Requeue' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Mark job job-3 failed?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'stuck for hours');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() =>
      expect(mocked.markAdminJobFailed).toHaveBeenCalledWith('job-3', 'stuck for hours', expect.any(String)),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Job job-3 marked failed.');
  });

  it('deletes a job only after a confirmation naming its id and prompt', async () => {
    const job = makeJob('job-4', { prompt: 'A lighthouse at dusk' });
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([job]));
    mocked.getAdminJob.mockResolvedValue(jobDetail(job));
    mocked.deleteAdminJob.mockResolvedValue({ data: { id: 'job-4', deleted: true } });
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    await userEvent.click(await screen.findByRole('button', { name: /— Show job job-4$/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete job' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete job job-4?' });
    expect(dialog).toHaveTextContent('“A lighthouse at dusk”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mocked.deleteAdminJob).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete job' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete job job-4?' })).getByRole('button', {
        name: 'Delete job',
      }),
    );
    await waitFor(() => expect(mocked.deleteAdminJob).toHaveBeenCalledWith('job-4', expect.any(String)));
    expect(toast.success).toHaveBeenCalledWith('Job job-4 deleted.');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Job job-4' })).not.toBeInTheDocument());
  });

  it('deletes a user with purge only after a confirmation naming the e-mail (Cancel sends nothing)', async () => {
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([]));
    mocked.deleteAdminUser.mockResolvedValue({ data: { userId: 'user-2', purge: 'accepted' } });
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person2@example.com');
    expect(await screen.findByText('This user has no jobs.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete user and purge data' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete user person2@example.com?' });
    expect(dialog).toHaveTextContent('The account of person2@example.com and all its data');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mocked.deleteAdminUser).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete user and purge data' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete user person2@example.com?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete and purge' }));
    await waitFor(() => expect(mocked.deleteAdminUser).toHaveBeenCalledWith('user-2', expect.any(String)));
    expect(toast.success).toHaveBeenCalledWith('Deletion of person2@example.com accepted. The purge is in progress.');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'User person2@example.com' })).not.toBeInTheDocument(),
    );
  });

  it('keeps the dialog open and shows the server’s refusal when the admin tries to delete themself', async () => {
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([]));
    mocked.deleteAdminUser.mockRejectedValue(
      new ApiError({
        reason: 'conflict',
        status: 409,
        title: 'Conflict',
        message: 'The request conflicts with a current state.',
        detail: 'An administrator cannot delete their own account.',
        correlationId: 'corr-self',
      }),
    );
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person1@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete user and purge data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user person1@example.com?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete and purge' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The request conflicts with a current state. An administrator cannot delete their own account. (correlation ID: corr-self)',
      ),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('shows purge progress of a user being deleted', async () => {
    mocked.getAdminUsers.mockResolvedValue(
      usersPage(
        [
          makeUser(1, {
            purge: {
              requestedAt: '2025-03-01T10:00:00.000Z',
              requestedBy: 'admin-1',
              services: [
                { service: 'jobs', acknowledged: true, acknowledgedAt: '2025-03-01T10:00:05.000Z' },
                { service: 'media', acknowledged: false, acknowledgedAt: null },
              ],
              complete: false,
              completedAt: null,
            },
          }),
        ],
        0,
        1,
      ),
    );
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    expect(await screen.findByText('In progress (1/2)')).toBeInTheDocument();
  });
});

describe('Admin: adjust a user’s credits', () => {
  const adjusted = (balance: number, applied = true) => ({
    data: { userId: 'user-2', balance, heldCredits: 3, available: balance - 3, applied },
  });
  const amountBox = () => screen.getByRole('spinbutton', { name: /^Credits \(negative takes\)/ });
  const reasonBox = () => screen.getByRole('textbox', { name: /^Reason \(the user sees it\)/ });
  const saveButton = () => screen.getByRole('button', { name: 'Save adjustment' });

  async function openUser() {
    serveUsers(3);
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([]));
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person2@example.com');
    expect(await screen.findByRole('heading', { name: 'Adjust credits' })).toBeInTheDocument();
  }

  async function fillAndSave(amount: string, reason: string) {
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), amount);
    await userEvent.clear(reasonBox());
    await userEvent.type(reasonBox(), reason);
    await userEvent.click(saveButton());
  }

  async function confirm(title = 'Adjust the credits of person2@example.com?') {
    const dialog = await screen.findByRole('alertdialog', { name: title });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    return dialog;
  }

  it('asks for confirmation naming the amount and the user, saves with one key, says the balance and clears the form', async () => {
    let finish!: (value: ReturnType<typeof adjusted>) => void;
    mocked.adjustAdminUserCredits.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await openUser();
    await fillAndSave('-5', 'Refund reversed');

    const dialog = await screen.findByRole('alertdialog', { name: 'Adjust the credits of person2@example.com?' });
    expect(dialog).toHaveTextContent(
      '5 credits will be taken from the balance of person2@example.com. Reason shown to the user: “Refund reversed”.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mocked.adjustAdminUserCredits).not.toHaveBeenCalled();

    await userEvent.click(saveButton());
    await confirm();
    expect(mocked.adjustAdminUserCredits).toHaveBeenCalledWith(
      'user-2',
      { amount: -5, reason: 'Refund reversed' },
      expect.any(String),
    );
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'true'));

    act(() => finish(adjusted(47)));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Adjustment saved. Balance: 47 credits.'));
    await waitFor(() => expect(amountBox()).toHaveValue(null));
    expect(reasonBox()).toHaveValue('');
  });

  it('checks the form before asking: a whole number other than 0 and a reason of 3 characters or more', async () => {
    await openUser();
    await fillAndSave('0', 'ok');
    expect(screen.getByText('Enter a whole number of credits other than 0.')).toBeInTheDocument();
    expect(screen.getByText('Say why, in a few words (at least 3 characters).')).toBeInTheDocument();
    expect(amountBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(mocked.adjustAdminUserCredits).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors (400) and its explanation of a refusal (409)', async () => {
    mocked.adjustAdminUserCredits.mockRejectedValueOnce(
      new ApiError({
        reason: 'validation',
        status: 400,
        title: 'Invalid request',
        message: 'Please fix highlighted fields.',
        fieldErrors: { reason: 'At most 200 characters.' },
      }),
    );
    await openUser();
    await fillAndSave('10', 'Goodwill');
    await confirm();
    expect(await screen.findByText('At most 200 characters.')).toBeInTheDocument();
    expect(reasonBox()).toHaveAttribute('aria-invalid', 'true');

    const detail =
      '52 credits are available (3 held for videos in progress); taking 53 would leave the balance below zero.';
    mocked.adjustAdminUserCredits.mockRejectedValueOnce(
      new ApiError({
        reason: 'conflict',
        status: 409,
        title: 'Conflict',
        message: 'The request conflicts with a current state.',
        detail,
      }),
    );
    await fillAndSave('-53', 'Chargeback');
    await confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(`The adjustment was not saved. ${detail}`);
    expect(toast.success).not.toHaveBeenCalled();
    // A refusal applied nothing: each try had its own key.
    const [first, second] = mocked.adjustAdminUserCredits.mock.calls.map((call) => call[2]);
    expect(first).not.toBe(second);
  });

  it('sending the same form again after a lost answer reuses its key (applied once); a changed form gets a new one', async () => {
    mocked.adjustAdminUserCredits
      .mockRejectedValueOnce(
        new ApiError({ reason: 'network_error', status: 0, title: 'Offline', message: 'No connection.' }),
      )
      .mockResolvedValueOnce(adjusted(110, false))
      .mockResolvedValueOnce(adjusted(120));
    await openUser();
    await fillAndSave('10', 'Goodwill');
    await confirm();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No connection.'));
    expect(amountBox()).toHaveValue(10);

    await userEvent.click(saveButton());
    await confirm();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Adjustment saved. Balance: 110 credits.'));
    const keys = mocked.adjustAdminUserCredits.mock.calls.map((call) => call[2]);
    expect(keys[1]).toBe(keys[0]);

    await fillAndSave('10', 'Goodwill');
    await confirm();
    await waitFor(() => expect(mocked.adjustAdminUserCredits).toHaveBeenCalledTimes(3));
    expect(mocked.adjustAdminUserCredits.mock.calls[2]?.[2]).not.toBe(keys[0]);
  });
});

describe('Admin: a user’s orders and chargebacks', () => {
  const PAID_ID = '3f9a12bc-0000-4000-8000-000000000001';
  const order = (id: string, patch: Partial<AdminOrder> = {}): AdminOrder => ({
    id,
    userId: 'user-2',
    status: 'paid',
    kind: 'package',
    packageId: 'credits-100',
    planId: null,
    credits: 100,
    price: { amountMinor: 1900, currency: 'PLN' },
    provider: 'mock',
    paymentUrl: '',
    createdAt: '2025-03-01T10:00:00.000Z',
    paidAt: '2025-03-01T10:01:00.000Z',
    chargeback: null,
    ...patch,
  });
  const refunded = (id: string, taken: number, shortfall: number): AdminOrder =>
    order(id, {
      status: 'refunded',
      chargeback: {
        reason: 'Card issuer reversed the payment',
        markedBy: 'admin-1',
        markedAt: '2025-03-02T09:00:00.000Z',
        settledAt: '2025-03-02T09:00:00.000Z',
        takenCredits: taken,
        shortfallCredits: shortfall,
        planEndsAt: null,
      },
    });
  const page = (orders: AdminOrder[]) => ({ data: orders, pagination: { skip: 0, take: 10, total: orders.length } });
  const ordersTable = () => screen.findByRole('table', { name: 'Orders of person2@example.com, newest first' });
  const markButton = () => screen.getByRole('button', { name: 'Mark refunded (chargeback) — order 3f9a12bc' });
  const reasonBox = (dialog: HTMLElement) =>
    within(dialog).getByRole('textbox', { name: /^Reason \(the user sees it\)/ });
  const confirmIn = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Mark refunded' });

  async function openUser(orders: AdminOrder[]) {
    serveUsers(3);
    mocked.getAdminUserJobs.mockResolvedValue(jobsPage([]));
    mocked.getAdminUserOrders.mockResolvedValue(page(orders));
    renderAdminPage(<AdminUsersPage />, '/admin/users');
    await selectUser('person2@example.com');
    return ordersTable();
  }

  it('lists the orders with status, price and credits, and a refunded one’s taken credits, shortfall and reason', async () => {
    const plan = order('9b0c0000-0000-4000-8000-000000000003', {
      kind: 'plan',
      planId: 'pro',
      packageId: null,
      credits: 0,
    });
    const table = await openUser([order(PAID_ID), refunded('7e7e0000-0000-4000-8000-000000000002', 40, 60), plan]);
    expect(mocked.getAdminUserOrders).toHaveBeenCalledWith('user-2', { skip: 0, take: 10 }, expect.anything());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('3f9a12bc');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('100');
    expect(rows[1]).toHaveTextContent('Refunded (chargeback)');
    expect(rows[1]).toHaveTextContent('40 credits taken back');
    expect(within(rows[1]!).getByText('Shortfall: 60 credits already spent, not taken back')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Reason: “Card issuer reversed the payment”');
    expect(rows[2]).toHaveTextContent('Pro plan — 1 month');
    // Only a paid order offers the action.
    expect(within(rows[0]!).getByRole('button', { name: /^Mark refunded \(chargeback\)/ })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for confirmation with a required reason, marks the order once with one key, and shows the shortfall after', async () => {
    let finish!: (value: { data: AdminOrder }) => void;
    mocked.chargeBackAdminOrder.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await openUser([order(PAID_ID)]);
    await userEvent.click(markButton());

    const dialog = await screen.findByRole('alertdialog', {
      name: 'Mark order 3f9a12bc of person2@example.com refunded?',
    });
    expect(dialog).toHaveTextContent('The 100 credits this order granted are taken back from the balance');
    await userEvent.click(confirmIn(dialog));
    expect(await within(dialog).findByText('Say why, in a few words (at least 3 characters).')).toBeInTheDocument();
    expect(reasonBox(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(mocked.chargeBackAdminOrder).not.toHaveBeenCalled();

    await userEvent.type(reasonBox(dialog), 'Card issuer reversed the payment');
    await userEvent.click(confirmIn(dialog));
    expect(mocked.chargeBackAdminOrder).toHaveBeenCalledWith(
      PAID_ID,
      { reason: 'Card issuer reversed the payment' },
      expect.any(String),
    );
    // The list as commerce answers it after the chargeback.
    mocked.getAdminUserOrders.mockResolvedValue(page([refunded(PAID_ID, 40, 60)]));
    act(() => finish({ data: refunded(PAID_ID, 40, 60) }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Order 3f9a12bc marked refunded: 40 credits taken back; 60 credits could not be, the user had already spent them.',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const table = await ordersTable();
    expect(await within(table).findByText('Shortfall: 60 credits already spent, not taken back')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(mocked.chargeBackAdminOrder).toHaveBeenCalledTimes(1);
  });

  it('after a lost answer the same order is sent with the same key; a refusal (409) is shown in the dialog and the next try gets a new key', async () => {
    const detail = 'This order was already marked refunded after a chargeback on 2025-03-02.';
    mocked.chargeBackAdminOrder
      .mockRejectedValueOnce(
        new ApiError({ reason: 'network_error', status: 0, title: 'Offline', message: 'No connection.' }),
      )
      .mockRejectedValueOnce(
        new ApiError({ reason: 'conflict', status: 409, title: 'Conflict', message: 'The request conflicts.', detail }),
      )
      .mockResolvedValueOnce({ data: refunded(PAID_ID, 100, 0) });
    await openUser([order(PAID_ID)]);
    await userEvent.click(markButton());
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(reasonBox(dialog), 'Reversed');
    await userEvent.click(confirmIn(dialog));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No connection.'));

    await userEvent.click(confirmIn(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`The order was not marked refunded. ${detail}`);
    await userEvent.click(confirmIn(dialog));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order 3f9a12bc marked refunded: 100 credits taken back.'),
    );
    const keys = mocked.chargeBackAdminOrder.mock.calls.map((call) => call[2]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('speaks Polish too', async () => {
    await act(() => setLanguage('pl'));
    try {
      serveUsers(3);
      mocked.getAdminUserJobs.mockResolvedValue(jobsPage([]));
      mocked.getAdminUserOrders.mockResolvedValue(page([order(PAID_ID)]));
      renderAdminPage(<AdminUsersPage />, '/admin/users');
      await userEvent.click(
        await screen.findByRole('button', { name: 'Pokaż zadania użytkownika person2@example.com' }),
      );
      expect(await screen.findByRole('heading', { name: 'Zamówienia' })).toBeInTheDocument();
      expect(await screen.findByText('Opłacone')).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: 'Oznacz jako zwrócone (obciążenie zwrotne) — zamówienie 3f9a12bc' }),
      );
      expect(
        await screen.findByRole('alertdialog', {
          name: 'Oznaczyć zamówienie 3f9a12bc użytkownika person2@example.com jako zwrócone?',
        }),
      ).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
