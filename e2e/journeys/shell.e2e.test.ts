/**
 * Issue 8's check in a real browser: the shell (spec §2 "Routes inside the session-checking
 * wrapper", "Top bar") renders signed out and signed in, in Polish (the default) and English, in
 * the light and the dark theme, at desktop (1280×800) and phone (360×740) widths. Selectors are
 * roles and accessible names from the spec's fixed texts, so they survive restyling. axe-core checks the shell
 * at 360 and 1280 px in each state taken (issue 19), the phone menu open among them.
 */
import type { Page } from 'playwright-core';
import {
  expectLanguage,
  expectTheme,
  pickLanguageByClick,
  themeAttribute,
  themeToggle,
  topBar,
} from '../support/app-pages';
import { expectNoAxeViolations } from '../support/axe';
import { describeJourney, eventually, freshEmail, SHELL_TEXTS, type Journey, type Language } from '../support';

/** Nothing wider than the viewport: no sideways scrolling at 360 px. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** On narrow screens the navigation sits behind the menu button: open it when it is there. */
async function openMenuIfCollapsed(page: Page, language: Language): Promise<void> {
  const menuButton = topBar(page).getByRole('button', { name: SHELL_TEXTS[language].openMenu, exact: true });
  if (await menuButton.isVisible()) await menuButton.click();
}

async function expectSignedOutShell(page: Page, language: Language): Promise<void> {
  const t = SHELL_TEXTS[language];
  await expectLanguage(page, language);
  await topBar(page).getByRole('link', { name: t.login, exact: true }).waitFor();
  await openMenuIfCollapsed(page, language);
  await topBar(page).getByRole('link', { name: t.home, exact: true }).waitFor();
  expect(await topBar(page).getByRole('button', { name: t.logout, exact: true }).count()).toBe(0);
  expect(await topBar(page).getByRole('link', { name: t.gallery, exact: true }).count()).toBe(0);
}

async function expectSignedInShell(page: Page, language: Language): Promise<void> {
  const t = SHELL_TEXTS[language];
  await expectLanguage(page, language);
  // The credits badge links to /buy-credits and shows the balance (the welcome grant) once the summary is in.
  const credits = topBar(page).locator('a[href="/buy-credits"]').first();
  await credits.waitFor();
  await eventually(
    'the credits badge shows a number',
    () => credits.innerText(),
    (text) => /\d/.test(text),
  );
  await openMenuIfCollapsed(page, language);
  for (const name of [t.home, t.gallery, t.generate]) {
    await topBar(page).getByRole('link', { name, exact: true }).waitFor();
  }
  await topBar(page)
    .getByRole('link', { name: new RegExp(`^${t.upgrade}`) })
    .waitFor();
  await topBar(page).getByRole('button', { name: t.logout, exact: true }).waitFor();
  expect(await topBar(page).getByRole('link', { name: t.login, exact: true }).count()).toBe(0);
}

describeJourney('shell', (journey: Journey) => {
  journey.test(
    'signed out: "Checking authentication…", then the shell in Polish, light and dark, desktop and phone',
    async () => {
      const page = await journey.newPage({ viewport: 'desktop', colorScheme: 'light' });
      // Hold the session check back a little so the wrapper's waiting state can be seen.
      await page.route('**/auth/session', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(journey.url('/public'));
      await page.getByRole('status').filter({ hasText: SHELL_TEXTS.pl.checkingAuth }).waitFor();
      await journey.screenshot(page, 'checking authentication (desktop, pl, light)');
      await expectNoAxeViolations(page, 'checking authentication (pl, light)');
      await expectSignedOutShell(page, 'pl');
      await expectTheme(page, 'light');
      journey.expectNoPageErrors(page);
      await journey.screenshot(page, 'signed out (desktop, pl, light)');

      const phone = await journey.newPage({ viewport: 'phone', colorScheme: 'dark' });
      await phone.goto(journey.url('/public'));
      await expectTheme(phone, 'dark');
      await expectSignedOutShell(phone, 'pl');
      await expectNoHorizontalOverflow(phone);
      journey.expectNoPageErrors(phone);
      await journey.screenshot(phone, 'signed out (phone, pl, dark, menu open)');
      await expectNoAxeViolations(phone, 'signed out (pl, dark, menu open)');
    },
  );

  journey.test(
    'signed in on a desktop: navigation, credits and tier; English; the theme toggle wins over the system',
    async () => {
      const page = await journey.newPage({ viewport: 'desktop', colorScheme: 'light' });
      await journey.signIn(page, 'demo');
      await expectSignedInShell(page, 'pl');
      await expectTheme(page, 'light');
      journey.expectNoPageErrors(page);
      await journey.screenshot(page, 'signed in (desktop, pl, light)');

      await pickLanguageByClick(page, 'pl', 'en');
      await expectSignedInShell(page, 'en');
      // The toggle cycles dark → light → system; with the system light, "dark" is the visible change.
      const toggle = themeToggle(page, 'en');
      await eventually(
        'the theme toggle reaches dark',
        async () => {
          if ((await toggle.getAttribute('data-mode')) !== 'dark') await toggle.click();
          return themeAttribute(page);
        },
        (theme) => theme === 'dark',
      );
      journey.expectNoPageErrors(page);
      await journey.screenshot(page, 'signed in (desktop, en, dark)');
      await expectNoAxeViolations(page, 'signed in (en, dark)');

      // Both choices survive a reload: the language from the server (the user's preference), the theme from local storage.
      await page.reload();
      await expectSignedInShell(page, 'en');
      await expectTheme(page, 'dark');
      journey.expectNoPageErrors(page);
    },
  );

  journey.test(
    'signed in on a phone: the menu holds the navigation, in Polish and English, light and dark',
    async () => {
      const email = freshEmail('shell-phone');
      const page = await journey.newPage({ viewport: 'phone', colorScheme: 'dark' });
      await journey.signIn(page, email);
      await expectTheme(page, 'dark');
      await expectSignedInShell(page, 'pl');
      await expectNoHorizontalOverflow(page);
      journey.expectNoPageErrors(page);
      await journey.screenshot(page, 'signed in (phone, pl, dark, menu open)');
      await expectNoAxeViolations(page, 'signed in (pl, dark, menu open)');

      const light = await journey.newPage({ viewport: 'phone', colorScheme: 'light' });
      await journey.signIn(light, email);
      await openMenuIfCollapsed(light, 'pl');
      await pickLanguageByClick(light, 'pl', 'en');
      await expectTheme(light, 'light');
      await expectSignedInShell(light, 'en');
      await expectNoHorizontalOverflow(light);
      journey.expectNoPageErrors(light);
      await journey.screenshot(light, 'signed in (phone, en, light, menu open)');
      await expectNoAxeViolations(light, 'signed in (en, light, menu open)');
    },
  );

  journey.test('the admin menu is there for the administrator only', async () => {
    const admin = await journey.newPage({ viewport: 'desktop' });
    await journey.signIn(admin, 'admin');
    await expectSignedInShell(admin, 'pl');
    await topBar(admin).getByRole('button', { name: SHELL_TEXTS.pl.adminMenu }).waitFor();

    const person = await journey.newPage({ viewport: 'desktop' });
    await journey.signIn(person, freshEmail('shell-not-admin'));
    await expectSignedInShell(person, 'pl');
    expect(await topBar(person).getByRole('button', { name: SHELL_TEXTS.pl.adminMenu }).count()).toBe(0);
  });
});
