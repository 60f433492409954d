import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getGroupedModels,
  getNotificationPreferences,
  getProviderSetting,
  putNotificationPreferences,
  putProviderSetting,
  putUserLanguage,
} from '../../api/endpoints';
import { useConsent } from '../../consent/consent-store';
import { problem, renderCommercePage } from '../../features/commerce/testing/commerce-fixtures';
import { FakeNotification, installFakeNotification } from '../../features/inbox/testing/fake-notification';
import { currentLanguage, initI18n, setLanguage } from '../../i18n/i18n';
import { useToasts } from '../../notifications';
import { useLocalStore } from '../../session/local-store';
import SettingsPage from './index';

jest.mock('../../api/endpoints');
jest.mock('../../telemetry/telemetry', () => ({ track: jest.fn(), logClientError: jest.fn() }));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;

function model(id: string, provider: string) {
  return { id, provider, name: id };
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.resetAllMocks();
  localStorage.clear();
  useToasts.setState({ toasts: [] });
  useConsent.setState({ analytics: true, remoteLogs: false });
  useLocalStore.setState({ theme: 'system' });
  await act(() => setLanguage('en'));
  mocked(getProviderSetting).mockResolvedValue({ provider: 'local' });
  mocked(getNotificationPreferences).mockResolvedValue({ data: { email: true, browser: true } });
  mocked(getGroupedModels).mockResolvedValue({
    data: [
      { provider: 'local', models: [model('local-sd', 'local'), model('local-xl', 'local')] },
      { provider: 'fal', models: [model('fal-kling', 'fal')] },
      { provider: 'faulty', models: [] },
    ],
  });
});

const section = (name: string) => screen.getByRole('region', { name });
const lastToast = () => useToasts.getState().toasts.at(-1)?.message;

describe('SettingsPage (/settings)', () => {
  it('offers the providers of the grouped model list, the saved one chosen, and saves a change with a toast', async () => {
    mocked(putProviderSetting).mockResolvedValue({ provider: 'fal' });
    renderCommercePage(<SettingsPage />, '/settings');
    const local = await screen.findByRole('radio', { name: 'Local renderer' });
    expect(local).toBeChecked();
    expect(screen.getByText('2 models available')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'faulty' })).not.toBeInTheDocument();
    const provider = section('AI provider');
    expect(within(provider).getByRole('button', { name: 'Saved' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'fal.ai' }));
    await user.click(within(provider).getByRole('button', { name: 'Save provider' }));
    await waitFor(() => expect(putProviderSetting).toHaveBeenCalledWith('fal'));
    await waitFor(() => expect(lastToast()).toBe('AI provider saved.'));
    expect(screen.getByRole('radio', { name: 'fal.ai' })).toBeChecked();
    expect(within(provider).getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('keeps a saved provider that is not in the list, and shows a refused save next to the choice', async () => {
    mocked(getProviderSetting).mockResolvedValue({ provider: 'runway' });
    mocked(putProviderSetting).mockRejectedValue(
      Object.assign(problem('validation', 400, 'Please fix highlighted fields.'), {
        fieldErrors: { provider: 'Unknown provider.' },
      }),
    );
    renderCommercePage(<SettingsPage />, '/settings');
    expect(await screen.findByRole('radio', { name: 'runway' })).toBeChecked();
    expect(screen.getByText('Not available right now')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Local renderer' }));
    await user.click(screen.getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText('Unknown provider.')).toBeInTheDocument();
  });

  it('switches the language at once and saves it to the account', async () => {
    mocked(putUserLanguage).mockResolvedValue({ data: { language: 'pl' } });
    renderCommercePage(<SettingsPage />, '/settings');
    await userEvent.setup().click(await screen.findByRole('radio', { name: 'Polski' }));
    await waitFor(() => expect(currentLanguage()).toBe('pl'));
    expect(putUserLanguage).toHaveBeenCalledWith('pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ustawienia' })).toBeInTheDocument();
    await waitFor(() => expect(lastToast()).toBe('Zapisano język.'));
  });

  it('sets the theme mode', async () => {
    renderCommercePage(<SettingsPage />, '/settings');
    const theme = section('Theme');
    expect(within(theme).getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.setup().click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(useLocalStore.getState().theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('has analytics on and remote logs off by default, explains both, and saves each toggle', async () => {
    renderCommercePage(<SettingsPage />, '/settings');
    const analytics = screen.getByRole('switch', { name: 'Usage analytics and performance' });
    const logs = screen.getByRole('switch', { name: 'Error reports' });
    expect(analytics).toBeChecked();
    expect(logs).not.toBeChecked();
    expect(analytics).toHaveAccessibleDescription(/never your prompts, videos or payment details/);
    expect(logs).toHaveAccessibleDescription(/stack trace/);

    const user = userEvent.setup();
    await user.click(analytics);
    await user.click(logs);
    expect(useConsent.getState()).toMatchObject({ analytics: false, remoteLogs: true });
    expect(JSON.parse(localStorage.getItem('kadr.consent') ?? '{}').state).toEqual({
      analytics: false,
      remoteLogs: true,
    });
    expect(lastToast()).toBe('Privacy choice saved on this device.');
  });

  it('links to the credit history', async () => {
    renderCommercePage(<SettingsPage />, '/settings');
    await screen.findByRole('radio', { name: 'Local renderer' });
    const link = within(section('Billing')).getByRole('link', { name: 'Credit history' });
    expect(link).toHaveAttribute('href', '/billing');
    await userEvent.setup().click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/billing');
  });

  it('shows Retry when the provider setting cannot be loaded', async () => {
    mocked(getProviderSetting).mockRejectedValueOnce(problem('service_unavailable', 503, 'Try again shortly.'));
    renderCommercePage(<SettingsPage />, '/settings');
    expect(await screen.findByText('Your AI provider setting could not be loaded')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: 'Local renderer' })).toBeChecked();
  });
});

describe('SettingsPage: notifications (issue 20)', () => {
  const EMAIL = 'E-mail me when a video is ready (after I’ve left the site)';
  const BROWSER = 'Browser notifications';
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installFakeNotification('granted');
  });
  afterEach(() => uninstall());

  it('shows both switches on (the defaults), explained, and saves a change to the account with a toast', async () => {
    mocked(putNotificationPreferences).mockResolvedValue({ data: { email: false, browser: true } });
    renderCommercePage(<SettingsPage />, '/settings');
    const email = await within(section('Notifications')).findByRole('switch', { name: EMAIL });
    const browser = screen.getByRole('switch', { name: BROWSER });
    expect(email).toBeChecked();
    expect(browser).toBeChecked();
    expect(email).toHaveAccessibleDescription(/no Kadr tab has been open for 2 minutes/);
    expect(browser).toHaveAccessibleDescription(/while Kadr is in a background tab\.$/);

    await userEvent.setup().click(email);
    expect(putNotificationPreferences).toHaveBeenCalledWith({ email: false });
    await waitFor(() => expect(lastToast()).toBe('Notification settings saved.'));
    expect(email).not.toBeChecked();
    expect(browser).toBeChecked();
  });

  it('a refused save puts the switch back and says why', async () => {
    mocked(putNotificationPreferences).mockRejectedValue(problem('service_unavailable', 503, 'Try again shortly.'));
    renderCommercePage(<SettingsPage />, '/settings');
    const browser = await screen.findByRole('switch', { name: BROWSER });
    await userEvent.setup().click(browser);
    const alert = await within(section('Notifications')).findByRole('alert');
    expect(alert).toHaveTextContent('Your notification settings could not be saved');
    expect(alert).toHaveTextContent('Try again shortly.');
    expect(browser).toBeChecked();
  });

  it('turning browser notifications on asks the browser when it has not been told yet', async () => {
    FakeNotification.permission = 'default';
    mocked(getNotificationPreferences).mockResolvedValue({ data: { email: true, browser: false } });
    mocked(putNotificationPreferences).mockResolvedValue({ data: { email: true, browser: true } });
    renderCommercePage(<SettingsPage />, '/settings');
    const browser = await screen.findByRole('switch', { name: BROWSER });
    expect(browser).not.toBeChecked();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(browser);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(putNotificationPreferences).toHaveBeenCalledWith({ browser: true });
    await waitFor(() => expect(browser).toBeChecked());
  });

  it('says when the browser blocks notifications, or has none', async () => {
    FakeNotification.permission = 'denied';
    const { unmount } = renderCommercePage(<SettingsPage />, '/settings');
    expect(await screen.findByRole('switch', { name: BROWSER })).toHaveAccessibleDescription(
      /Your browser blocks notifications from Kadr/,
    );
    unmount();
    uninstall();
    renderCommercePage(<SettingsPage />, '/settings');
    expect(await screen.findByRole('switch', { name: BROWSER })).toHaveAccessibleDescription(
      /This browser cannot show notifications\.$/,
    );
  });

  it('shows Retry when the notification settings cannot be loaded', async () => {
    mocked(getNotificationPreferences).mockRejectedValueOnce(problem('service_unavailable', 503, 'Try again shortly.'));
    renderCommercePage(<SettingsPage />, '/settings');
    const notifications = section('Notifications');
    expect(
      await within(notifications).findByText('Your notification settings could not be loaded'),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(notifications).getByRole('button', { name: 'Retry' }));
    expect(await within(notifications).findByRole('switch', { name: BROWSER })).toBeChecked();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderCommercePage(<SettingsPage />, '/settings');
    expect(
      await screen.findByRole('switch', { name: 'Wyślij mi e-mail, gdy film będzie gotowy (gdy już wyjdę ze strony)' }),
    ).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Powiadomienia w przeglądarce' })).toBeChecked();
  });
});
