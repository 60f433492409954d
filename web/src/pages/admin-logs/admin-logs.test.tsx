import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAdminLogs } from '../../api/endpoints';
import { ADMIN_USERS_DEFAULT_TAKE } from '../../config/constants';
import { initI18n } from '../../i18n/i18n';
import { logsPage, makeLogEntry, renderAdminPage } from '../admin-shared/admin-test-kit';
import AdminLogsPage from './index';

jest.mock('../../api/endpoints', () => ({ getAdminLogs: jest.fn() }));
const mockedGetAdminLogs = jest.mocked(getAdminLogs);

// Pages of 50 rows make jsdom slow, more so while the whole web suite runs in parallel.
jest.setTimeout(20_000);

beforeAll(() => initI18n('en'));
beforeEach(() => {
  jest.clearAllMocks();
  mockedGetAdminLogs.mockImplementation(({ skip = 0, take = 50 } = {}) =>
    Promise.resolve(
      logsPage(
        Array.from({ length: Math.max(0, Math.min(take, 60 - skip)) }, (_, i) => makeLogEntry(skip + i + 1)),
        skip,
        60,
        take,
      ),
    ),
  );
});

const TAKE = ADMIN_USERS_DEFAULT_TAKE;
const location = () => screen.getByTestId('location').textContent;
const localIso = (value: string) => new Date(value).toISOString();

describe('Admin: Logs', () => {
  it('asks for the newest page without filters', async () => {
    renderAdminPage(<AdminLogsPage />, '/admin/logs');
    expect(await screen.findByText('1–50 of 60')).toBeInTheDocument();
    expect(mockedGetAdminLogs).toHaveBeenCalledWith({ skip: 0, take: TAKE }, expect.anything());
  });

  it('builds the request and the URL from the filters when they are applied', async () => {
    renderAdminPage(<AdminLogsPage />, '/admin/logs');
    await screen.findByText('1–50 of 60');

    await userEvent.click(screen.getByRole('radio', { name: 'Admin actions' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'users.delete');
    await userEvent.type(screen.getByRole('textbox', { name: 'User ID' }), '  user-7 ');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01T09:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-02T18:30' } });
    // Editing the form asks nothing yet.
    expect(mockedGetAdminLogs).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const expected = {
      skip: 0,
      take: TAKE,
      kind: 'admin_action',
      action: 'users.delete',
      userId: 'user-7',
      from: localIso('2025-03-01T09:00'),
      to: new Date(new Date('2025-03-02T18:30').getTime() + 59_999).toISOString(),
    };
    await waitFor(() => expect(mockedGetAdminLogs).toHaveBeenLastCalledWith(expected, expect.anything()));
    const url = new URL(`http://x${location()}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      kind: 'admin_action',
      action: 'users.delete',
      userId: 'user-7',
      from: localIso('2025-03-01T09:00'),
      to: localIso('2025-03-02T18:30'),
    });
  });

  it('restores the filters from the URL into the request and the form', async () => {
    const from = localIso('2025-03-01T09:00');
    renderAdminPage(<AdminLogsPage />, `/admin/logs?kind=system_event&action=job.failed&from=${from}&skip=50`);
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(mockedGetAdminLogs).toHaveBeenCalledWith(
      { skip: 50, take: TAKE, kind: 'system_event', action: 'job.failed', from },
      expect.anything(),
    );
    expect(screen.getByRole('radio', { name: 'System events' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('job.failed');
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-01T09:00');
    // The action list offers only the chosen kind's actions.
    expect(screen.queryByRole('option', { name: /users\.delete/ })).not.toBeInTheDocument();
  });

  it('refuses a "to" earlier than "from" without asking the server', async () => {
    renderAdminPage(<AdminLogsPage />, '/admin/logs');
    await screen.findByText('1–50 of 60');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-02T09:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('“To” must not be earlier than “From”.')).toBeInTheDocument();
    expect(mockedGetAdminLogs).toHaveBeenCalledTimes(1);
  });

  it('pages with Next, keeping the filters, and disables Next at the end', async () => {
    renderAdminPage(<AdminLogsPage />, '/admin/logs?kind=admin_action');
    await screen.findByText('1–50 of 60');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(mockedGetAdminLogs).toHaveBeenLastCalledWith(
      { skip: 50, take: TAKE, kind: 'admin_action' },
      expect.anything(),
    );
    expect(location()).toBe('/admin/logs?kind=admin_action&skip=50');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
  });

  it('shows each entry’s time, kind, action, outcome, actor, target, user, correlation id and detail', async () => {
    mockedGetAdminLogs.mockResolvedValue(
      logsPage(
        [
          makeLogEntry(1, { outcome: 'denied', action: 'access.denied' }),
          makeLogEntry(2, { kind: 'system_event', action: 'job.failed', actorId: null, outcome: 'failure' }),
        ],
        0,
        2,
      ),
    );
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderAdminPage(<AdminLogsPage />, '/admin/logs');

    const entries = within(await screen.findByRole('list', { name: 'Log entries' })).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const [denied, failed] = entries as [HTMLElement, HTMLElement];
    expect(within(denied).getByText('Denied')).toBeInTheDocument();
    expect(within(denied).getByText('Access denied')).toBeInTheDocument();
    expect(within(denied).getByText('Admin action')).toBeInTheDocument();
    expect(within(denied).getByText('admin-1')).toBeInTheDocument();
    expect(within(denied).getByText('job-1', { selector: 'dd > code' })).toBeInTheDocument();
    expect(within(denied).getByText('409')).toBeInTheDocument();
    expect(within(failed).getByText('System event')).toBeInTheDocument();
    expect(within(failed).getByText('Failure')).toBeInTheDocument();
    expect(within(failed).getByText('system')).toBeInTheDocument();

    await userEvent.click(within(denied).getByRole('button', { name: 'Copy correlation ID' }));
    expect(writeText).toHaveBeenCalledWith('corr-1');
    expect(await within(denied).findByText('Copied')).toBeInTheDocument();
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    mockedGetAdminLogs.mockResolvedValue(logsPage([], 0, 0));
    renderAdminPage(<AdminLogsPage />, '/admin/logs?userId=ghost');
    expect(await screen.findByText('No log entries')).toBeInTheDocument();
    expect(screen.getByText('Nothing matches these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(location()).toBe('/admin/logs'));
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveValue('');
  });
});
