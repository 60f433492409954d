import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteOwnAccount, getAccountExport, logout } from '../../api/endpoints';
import { problem, renderCommercePage } from '../../features/commerce/testing/commerce-fixtures';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { useToasts } from '../../notifications';
import { navigateFullPage } from '../../session/full-page-navigation';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import { DataSettings } from './DataSettings';

jest.mock('../../api/endpoints');
jest.mock('../../session/full-page-navigation', () => ({ navigateFullPage: jest.fn() }));
jest.mock('../../telemetry/telemetry', () => ({
  track: jest.fn(),
  logClientError: jest.fn(),
  setTelemetryUser: jest.fn(),
  flushTelemetry: jest.fn(() => Promise.resolve()),
}));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;
const EMAIL = 'ala@example.org';

const archive = {
  format: 'kadr-export/1',
  exportedAt: '2025-03-04T05:06:07.000Z',
  user: { id: 'u-1', email: EMAIL },
  jobs: [{ id: 'job-1' }],
};

/** What the page handed to the browser as downloads: each link's file name and its blob's text. */
let downloads: { name: string; text: Promise<string> }[];
const blobs = new Map<string, Blob>();

/** jsdom's Blob has no `text()`; its FileReader reads one. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.resetAllMocks();
  useToasts.setState({ toasts: [] });
  await act(() => setLanguage('en'));
  useSession.setState({
    ...INITIAL_SESSION_STATE,
    status: 'authenticated',
    user: { id: 'u-1', email: EMAIL, name: 'Ala', roles: ['user'], permissions: [] },
  });
  downloads = [];
  blobs.clear();
  let next = 0;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, text: textOf(blobs.get(this.href)!) });
  });
});

afterEach(() => jest.restoreAllMocks());

const lastToast = () => useToasts.getState().toasts.at(-1);
const region = () => screen.getByRole('region', { name: 'Your data' });

describe('Settings › Your data', () => {
  it('downloads the archive as kadr-data-<day>.json and says so', async () => {
    mocked(getAccountExport).mockResolvedValue(archive);
    renderCommercePage(<DataSettings />, '/settings');
    const button = within(region()).getByRole('button', { name: 'Download my data' });
    expect(button).toHaveAccessibleDescription(/One JSON file with your profile/);
    await userEvent.setup().click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('kadr-data-2025-03-04.json');
    expect(JSON.parse(await downloads[0]!.text)).toEqual(archive);
    expect(getAccountExport).toHaveBeenCalledTimes(1);
    expect(lastToast()).toMatchObject({ type: 'success', message: 'Your data has been downloaded.' });
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1'));
  });

  it('saves no file when the gateway refuses, and tells why', async () => {
    mocked(getAccountExport).mockRejectedValue(
      problem('service_unavailable', 503, 'This part of Kadr is temporarily unavailable.'),
    );
    renderCommercePage(<DataSettings />, '/settings');
    await userEvent.setup().click(within(region()).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(lastToast()?.type).toBe('error'));
    expect(lastToast()?.message).toBe(
      'Your data could not be downloaded. This part of Kadr is temporarily unavailable.',
    );
    expect(downloads).toEqual([]);
  });

  it('deletes the account only once the e-mail is typed again, then leaves signed out for the home page', async () => {
    mocked(deleteOwnAccount).mockResolvedValue({ data: { userId: 'u-1', purge: 'accepted', redirectTo: '/' } });
    renderCommercePage(<DataSettings />, '/settings');
    const user = userEvent.setup();
    await user.click(within(region()).getByRole('button', { name: 'Delete my account' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    const field = within(dialog).getByLabelText(`To confirm, type your e-mail address: ${EMAIL}`);

    await user.type(field, 'someone@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('This is not the e-mail address of your account.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(deleteOwnAccount).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, ` ${EMAIL.toUpperCase()} `);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(navigateFullPage).toHaveBeenCalledWith('/'));
    expect(deleteOwnAccount).toHaveBeenCalledTimes(1);
    expect(mocked(deleteOwnAccount).mock.calls[0]).toEqual([EMAIL.toUpperCase(), expect.any(String)]);
    // The gateway already signed every session out: no logout call, nothing of the person kept here.
    expect(logout).not.toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', user: undefined });
  });

  it('keeps the dialog open with the reason when the deletion is refused, and tries again with a new key', async () => {
    mocked(deleteOwnAccount)
      .mockRejectedValueOnce(problem('service_unavailable', 503, 'Please try again in a moment.'))
      .mockResolvedValueOnce({ data: { userId: 'u-1', purge: 'accepted', redirectTo: '/' } });
    renderCommercePage(<DataSettings />, '/settings');
    const user = userEvent.setup();
    await user.click(within(region()).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your account was not deleted. Please try again in a moment.',
    );
    expect(navigateFullPage).not.toHaveBeenCalled();
    expect(useSession.getState().status).toBe('authenticated');

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(navigateFullPage).toHaveBeenCalledWith('/'));
    const [first, second] = mocked(deleteOwnAccount).mock.calls as [string, string][];
    expect(first![1]).not.toBe(second![1]);
  });

  it('closes on Escape or "Keep my account" without deleting anything', async () => {
    renderCommercePage(<DataSettings />, '/settings');
    const user = userEvent.setup();
    await user.click(within(region()).getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(within(region()).getByRole('button', { name: 'Delete my account' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteOwnAccount).not.toHaveBeenCalled();
  });

  it('does not offer deletion to the administrator', () => {
    useSession.setState({
      user: { id: 'admin-1', email: 'admin@kadr.local', name: 'Admin', roles: ['user', 'admin'], permissions: [] },
    });
    renderCommercePage(<DataSettings />, '/settings');
    expect(within(region()).queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(within(region()).getByText(/administrator’s account cannot be deleted here/)).toBeInTheDocument();
    expect(within(region()).getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderCommercePage(<DataSettings />, '/settings');
    const polish = screen.getByRole('region', { name: 'Twoje dane' });
    expect(within(polish).getByRole('button', { name: 'Pobierz moje dane' })).toBeInTheDocument();
    await userEvent.setup().click(within(polish).getByRole('button', { name: 'Usuń moje konto' }));
    expect(await screen.findByRole('alertdialog', { name: 'Usunąć Twoje konto?' })).toBeInTheDocument();
    expect(screen.getByLabelText(`Aby potwierdzić, wpisz swój adres e-mail: ${EMAIL}`)).toBeInTheDocument();
  });
});
