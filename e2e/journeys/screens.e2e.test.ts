/**
 * Issue 9's pictures: every screen once at 1280×800 in Polish and the light theme (those the
 * other journeys reach on their way — generator, gallery with the player, buy credits, mock
 * payment, payment success, login, 403, admin users and logs — are taken there), and the landing
 * page, the dashboard and the gallery also in the dark theme, in English and at 360 px.
 * Each screen is checked to be the one meant (its heading) before its picture is taken.
 */
import type { Page } from 'playwright-core';
import {
  allImagesLoaded,
  createJobThroughApi,
  expectLanguage,
  expectTheme,
  jobReaches,
  videoRecorded,
  languageCombobox,
  pickLanguageByClick,
  screenshotFromTop,
} from '../support/app-pages';
import { describeJourney, eventually, freshEmail, type Journey, type Language } from '../support';

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Visits `pathname` and waits for its heading. */
async function visit(journey: Journey, page: Page, pathname: string, heading: string | RegExp): Promise<void> {
  await page.goto(journey.url(pathname));
  await h1(page, heading).waitFor();
}

/** Waits until every thumbnail in the page has loaded (they are lazy; a picture should show them). */
async function thumbnailsLoaded(page: Page): Promise<void> {
  await eventually(
    'the thumbnails have loaded',
    () => allImagesLoaded(page),
    (loaded) => loaded,
  );
}

/** The dashboard, the gallery (with its video) and, unless told not to, the landing page, in `language`. */
async function signedInTrio(
  journey: Journey,
  page: Page,
  variant: string,
  language: Language,
  { landing = true }: { landing?: boolean } = {},
): Promise<void> {
  const greeting = language === 'pl' ? /^(Dzień dobry|Dobry wieczór)/ : /^Good (morning|afternoon|evening)/;
  await visit(journey, page, '/dashboard', greeting);
  await page
    .getByRole('region', { name: language === 'pl' ? 'Ostatnie filmy' : 'Recent videos' })
    .locator('img')
    .first()
    .waitFor();
  await thumbnailsLoaded(page);
  await screenshotFromTop(journey, page, `dashboard (${variant})`);

  await visit(journey, page, '/gallery', language === 'pl' ? 'Moje filmy' : 'My videos');
  await page
    .getByRole('list', { name: language === 'pl' ? 'Filmy' : 'Videos' })
    .locator('img')
    .first()
    .waitFor();
  await thumbnailsLoaded(page);
  await screenshotFromTop(journey, page, `gallery (${variant})`);

  if (!landing) return;
  await page.goto(journey.url('/'));
  await h1(page, language === 'pl' ? /Opisz scenę/ : /Describe a scene/).waitFor();
  await screenshotFromTop(journey, page, `landing (${variant})`);
}

describeJourney('screens', (journey: Journey) => {
  journey.test('signed out: landing, login, privacy, terms, home and not found', async () => {
    const page = await journey.newPage();
    await visit(journey, page, '/', /Opisz scenę/);
    await screenshotFromTop(journey, page, 'landing (desktop, pl, light)');
    await visit(journey, page, '/polityka-prywatnosci', 'Polityka prywatności');
    await screenshotFromTop(journey, page, 'privacy (desktop, pl, light)');
    await visit(journey, page, '/regulamin', 'Regulamin');
    await screenshotFromTop(journey, page, 'terms (desktop, pl, light)');
    await visit(journey, page, '/public', 'Witaj w Kadr');
    await screenshotFromTop(journey, page, 'home (desktop, pl, light)');
    await visit(journey, page, '/to-nie-istnieje', 'Nie znaleziono');
    await screenshotFromTop(journey, page, 'not found (desktop, pl, light)');
    journey.expectNoPageErrors(page);
  });

  journey.test(
    'signed in: dashboard, gallery, subscription and settings; dark, English and phone variants',
    async () => {
      const email = freshEmail('screens');
      const page = await journey.newPage();
      await journey.signIn(page, email);
      // A video for the dashboard and the gallery, rendering while the other screens are taken.
      const job = await createJobThroughApi(page, { prompt: 'Zorza polarna nad jeziorem', quality: 'Lite' });

      await visit(journey, page, '/subscription', 'Subskrypcja');
      await page.getByRole('heading', { name: 'Plany' }).waitFor();
      await screenshotFromTop(journey, page, 'subscription (desktop, pl, light)');
      await visit(journey, page, '/settings', 'Ustawienia');
      await screenshotFromTop(journey, page, 'settings (desktop, pl, light)');
      await visit(journey, page, '/public', /^Witaj ponownie/);
      await screenshotFromTop(journey, page, 'home signed in (desktop, pl, light)');

      // The gallery's pictures want its video.
      await jobReaches(page, job.id, ['COMPLETED']);
      await videoRecorded(page, job.id);
      journey.expectNoPageErrors(page);
      // A page of its own, signed in after the video is recorded: this page's lists were fetched while it
      // rendered, and under load media may record the video after the app's last refresh (0/0.8/2.5 s after
      // `completed`), leaving a fresh, empty list in its cache — the screenshots are of the screens, not that race.
      const light = await journey.newPage();
      await journey.signIn(light, email);
      // The landing page in Polish, light, at 1280 px: the signed-out test took it.
      await signedInTrio(journey, light, 'desktop, pl, light', 'pl', { landing: false });
      journey.expectNoPageErrors(light);

      const dark = await journey.newPage({ colorScheme: 'dark' });
      await journey.signIn(dark, email);
      await expectTheme(dark, 'dark');
      await signedInTrio(journey, dark, 'desktop, pl, dark', 'pl');
      journey.expectNoPageErrors(dark);

      const phone = await journey.newPage({ viewport: 'phone' });
      await journey.signIn(phone, email);
      await signedInTrio(journey, phone, 'phone 360, pl, light', 'pl');
      journey.expectNoPageErrors(phone);

      // Last: English is saved as the person's preference.
      const english = await journey.newPage();
      await journey.signIn(english, email);
      await languageCombobox(english, 'pl').waitFor();
      await pickLanguageByClick(english, 'pl', 'en');
      await expectLanguage(english, 'en');
      await signedInTrio(journey, english, 'desktop, en, light', 'en');
      journey.expectNoPageErrors(english);
    },
    150_000,
  );
});
