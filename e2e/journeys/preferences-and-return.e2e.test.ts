/**
 * Issue 9, journeys 4 and 6: the language (top bar listbox, by keyboard and by mouse) and the
 * theme (top bar toggle) change at once and survive a reload; and a signed-out visit to a guarded
 * address with a query (/gallery?page=2) goes through sign-in and comes back to that address. The login page
 * is checked by axe-core at 360 and 1280 px (issue 19).
 */
import {
  expectLanguage,
  expectTheme,
  pickLanguageByClick,
  pickLanguageByKeyboard,
  themeAttribute,
  themeToggle,
  topBar,
  screenshotFromTop,
} from '../support/app-pages';
import { expectNoAxeViolations } from '../support/axe';
import { describeJourney, eventually, freshEmail, SHELL_TEXTS, type Journey } from '../support';

describeJourney('preferences and return', (journey: Journey) => {
  journey.test('switches to English and back to Polish, toggles the theme; both survive a reload', async () => {
    const page = await journey.newPage({ colorScheme: 'light' });
    await journey.signIn(page, freshEmail('preferences'));
    await expectLanguage(page, 'pl');
    await expectTheme(page, 'light');
    await topBar(page).getByRole('link', { name: SHELL_TEXTS.pl.gallery, exact: true }).waitFor();

    // Keyboard: focus the listbox, Enter, arrows, Enter.
    await pickLanguageByKeyboard(page, 'pl', 'en');
    await topBar(page).getByRole('link', { name: SHELL_TEXTS.en.gallery, exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Balance and plan' }).waitFor();
    await page.reload();
    await expectLanguage(page, 'en');
    await topBar(page).getByRole('link', { name: SHELL_TEXTS.en.gallery, exact: true }).waitFor();

    // Mouse: open, click Polski.
    await pickLanguageByClick(page, 'en', 'pl');
    await page.getByRole('heading', { name: 'Saldo i plan' }).waitFor();
    await page.reload();
    await expectLanguage(page, 'pl');
    await page.getByRole('heading', { name: 'Saldo i plan' }).waitFor();

    // The toggle cycles dark → light → system; with the system light, dark is the visible change.
    const toggle = themeToggle(page, 'pl');
    await toggle.click();
    await expectTheme(page, 'dark');
    expect(await toggle.getAttribute('data-mode')).toBe('dark');
    await page.reload();
    await expectTheme(page, 'dark');
    expect(await themeToggle(page, 'pl').getAttribute('data-mode')).toBe('dark');

    // Next: light, chosen explicitly; it survives a reload too.
    await themeToggle(page, 'pl').click();
    await eventually(
      'the toggle says light',
      () => themeToggle(page, 'pl').getAttribute('data-mode'),
      (mode) => mode === 'light',
    );
    await page.reload();
    expect(await themeAttribute(page)).toBe('light');
    await eventually(
      'the toggle still says light after the reload',
      () => themeToggle(page, 'pl').getAttribute('data-mode'),
      (mode) => mode === 'light',
    );
    journey.expectNoPageErrors(page);
  });

  journey.test('signed out, /gallery?page=2 leads to sign-in and back to /gallery?page=2', async () => {
    const page = await journey.newPage();
    await page.goto(journey.url('/gallery?page=2'));
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/gallery?page=2');
    await page.getByRole('heading', { level: 1, name: 'Zaloguj się do Kadr' }).waitFor();
    await screenshotFromTop(journey, page, 'login (desktop, pl, light)');
    await expectNoAxeViolations(page, 'login (pl, light)');

    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to Kadr' }).waitFor();
    await page.getByLabel('E-mail').fill(freshEmail('return-to'));
    await page.getByRole('button', { name: 'Sign in with this e-mail' }).click();

    await page.waitForURL((url) => url.origin === new URL(journey.stack.baseUrl).origin && url.pathname === '/gallery');
    expect(new URL(page.url()).search).toBe('?page=2');
    await page.getByRole('heading', { level: 1, name: 'Moje filmy' }).waitFor();
    // A new person has no second page: the gallery says so on page 2 (it did not fall back to page 1).
    await page.getByText('Na tej stronie nic nie ma.').waitFor();
    journey.expectNoPageErrors(page);
  });
});
