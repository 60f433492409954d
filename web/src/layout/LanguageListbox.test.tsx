import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getLanguages, putUserLanguage } from '../api/endpoints';
import { currentLanguage, initI18n, setLanguage } from '../i18n/i18n';
import type * as I18n from '../i18n/i18n';
import { LanguageListbox } from './LanguageListbox';
import { renderShell } from './render-shell.testing';
import { signIn, signOutLocally } from './shell-mocks.testing';
import type * as ShellMocks from './shell-mocks.testing';

jest.mock(
  '../session/session-store',
  () => jest.requireActual<typeof ShellMocks>('./shell-mocks.testing').sessionStoreMock,
);
jest.mock('../api/endpoints', () => ({ getLanguages: jest.fn(), putUserLanguage: jest.fn() }));
jest.mock('../telemetry/telemetry', () => ({ logClientError: jest.fn() }));
jest.mock('../i18n/i18n', () => {
  const actual = jest.requireActual<typeof I18n>('../i18n/i18n');
  return { ...actual, setLanguage: jest.fn(actual.setLanguage) };
});

const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'pl', name: 'Polski' },
  { code: 'de', name: 'Deutsch' },
];

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await jest.requireActual<typeof I18n>('../i18n/i18n').setLanguage('en');
  jest.mocked(setLanguage).mockClear();
  jest.mocked(getLanguages).mockResolvedValue(LANGUAGES);
  jest
    .mocked(putUserLanguage)
    .mockReset()
    .mockResolvedValue({ data: { language: 'pl' } });
  signIn();
});

async function openListbox(user: ReturnType<typeof userEvent.setup>) {
  const trigger = screen.getByRole('combobox', { name: 'Language: English' });
  // The server's list has arrived once its third language is offered.
  await waitFor(() => expect(getLanguages).toHaveBeenCalled());
  trigger.focus();
  await user.keyboard('{ArrowDown}');
  return screen.findByRole('listbox');
}

describe('LanguageListbox', () => {
  it('shows the current language as a flag and code', () => {
    renderShell(<LanguageListbox />);
    const trigger = screen.getByRole('combobox', { name: 'Language: English' });
    expect(trigger).toHaveTextContent('🇬🇧');
    expect(trigger).toHaveTextContent('EN');
  });

  it('opens with the keyboard; flags for en and pl, a globe for other codes', async () => {
    const user = userEvent.setup();
    renderShell(<LanguageListbox />);
    const listbox = await openListbox(user);
    await within(listbox).findByRole('option', { name: /Deutsch/ });
    expect(within(listbox).getByRole('option', { name: /English/ })).toHaveTextContent('🇬🇧');
    expect(within(listbox).getByRole('option', { name: /Polski/ })).toHaveTextContent('🇵🇱');
    const german = within(listbox).getByRole('option', { name: /Deutsch/ });
    expect(german).toHaveTextContent('🌐');
    expect(german).toHaveAttribute('aria-disabled', 'true');
  });

  it('ArrowDown moves, Enter picks: switches at once and saves for a signed-in person', async () => {
    const user = userEvent.setup();
    renderShell(<LanguageListbox />);
    await openListbox(user);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Polski/ })).toHaveAttribute('data-highlighted');
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(setLanguage).toHaveBeenCalledWith('pl');
    expect(putUserLanguage).toHaveBeenCalledWith('pl');
    await waitFor(() => expect(currentLanguage()).toBe('pl'));
    expect(document.documentElement.lang).toBe('pl');
    expect(await screen.findByRole('combobox', { name: 'Język: Polski' })).toHaveTextContent('🇵🇱');
  });

  it('Escape closes without a change', async () => {
    const user = userEvent.setup();
    renderShell(<LanguageListbox />);
    await openListbox(user);
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(setLanguage).not.toHaveBeenCalled();
    expect(putUserLanguage).not.toHaveBeenCalled();
    expect(currentLanguage()).toBe('en');
  });

  it('switches without saving for a visitor', async () => {
    signOutLocally();
    const user = userEvent.setup();
    renderShell(<LanguageListbox />);
    await openListbox(user);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(setLanguage).toHaveBeenCalledWith('pl');
    expect(putUserLanguage).not.toHaveBeenCalled();
  });

  it('falls back to English and Polish when the language list fails', async () => {
    jest.mocked(getLanguages).mockRejectedValue(new Error('offline'));
    const user = userEvent.setup();
    renderShell(<LanguageListbox />);
    const listbox = await openListbox(user);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringContaining('English'), expect.stringContaining('Polski')]);
  });
});
