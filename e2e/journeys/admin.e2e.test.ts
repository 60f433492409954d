/**
 * Issue 9, journey 5: a person's job fails (the test-only `faulty-test` model, listed on /generate
 * because the journeys' stack sets JOBS_ENABLE_FAULTY_PROVIDER; Normal speed fails at once); the
 * administrator finds the person on /admin/users by e-mail, requeues the failed job, deletes it
 * after confirming, and finds both actions on /admin/logs. The person is sent to /403 from the
 * admin screens. Polish, desktop, light. Each screen is checked by axe-core at 360 and 1280 px (issue 19),
 * the dead letters too (the one admin screen this journey does not otherwise need).
 */
import type { Page } from 'playwright-core';
import { screenshotFromTop } from '../support/app-pages';
import { expectNoAxeViolations } from '../support/axe';
import { describeJourney, eventually, freshEmail, type Journey } from '../support';

/** The person starts a job on the faulty test model and watches it fail; returns its id. */
async function generateFailingJob(journey: Journey, page: Page): Promise<string> {
  await page.goto(journey.url('/generate'));
  await page.getByRole('heading', { level: 1, name: 'Wygeneruj film' }).waitFor();
  await page.getByRole('textbox', { name: /^Opis \(prompt\)/ }).fill('Ten film ma się nie udać');
  await page.getByRole('radio', { name: /^Faulty \(tests only\)/ }).check();
  await page.getByRole('radio', { name: /^Normalna/ }).check();
  await page.getByRole('button', { name: 'Generuj film', exact: true }).click();
  const card = page.getByRole('list', { name: 'Filmy uruchomione na tej stronie' }).getByRole('listitem').first();
  await card.waitFor();
  await card.getByText('Niepowodzenie', { exact: true }).waitFor({ timeout: 30_000 });
  const jobId = await card.getAttribute('data-job-id');
  expect(jobId).toBeTruthy();
  return jobId as string;
}

/**
 * Types the e-mail into the search box and picks the person. The list is built from events and
 * may lag a moment behind the sign-up: the page is reloaded (the search stays in the URL) until
 * the person is listed.
 */
async function findUser(page: Page, email: string): Promise<void> {
  const select = page.getByRole('button', { name: `Pokaż zadania użytkownika ${email}` });
  await page.getByRole('searchbox', { name: 'Szukaj użytkowników' }).fill(email);
  await page.waitForURL((url) => url.searchParams.get('q') === email);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await select.waitFor({ timeout: 4_000 });
      break;
    } catch (error) {
      if (attempt === 5) throw error;
      await page.reload();
    }
  }
  await select.click();
  await page.getByRole('heading', { name: `Użytkownik ${email}` }).waitFor();
}

/** The faulty job's failures are logged as warnings on purpose: only errors are worth showing here. */
const QUIET = { stack: { env: { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error' } } };

describeJourney(
  'admin',
  (journey: Journey) => {
    journey.test(
      'the administrator requeues and deletes a failed job of a person and sees both in the log',
      async () => {
        const email = freshEmail('admin-subject');
        const person = await journey.newPage();
        await journey.signIn(person, email);
        const jobId = await generateFailingJob(journey, person);
        journey.expectNoPageErrors(person);

        // Not for a person: the admin screens send them to /403.
        await person.goto(journey.url('/admin/users'));
        await person.waitForURL((url) => url.pathname === '/403');
        await person.getByRole('heading', { level: 1, name: 'Nie masz dostępu do tej strony' }).waitFor();
        await screenshotFromTop(journey, person, 'not authorised 403 (desktop, pl, light)');
        await expectNoAxeViolations(person, 'not authorised 403 (pl, light)');

        const admin = await journey.newPage();
        await journey.signIn(admin, 'admin', { returnTo: '/admin/users' });
        await admin.getByRole('heading', { level: 1, name: 'Użytkownicy' }).waitFor();
        await findUser(admin, email);

        await admin.getByRole('button', { name: `Pokaż zadanie ${jobId}` }).click();
        const jobSection = admin.getByRole('region', { name: `Zadanie ${jobId}` });
        await jobSection.waitFor();
        const requeue = jobSection.getByRole('button', { name: 'Ponów', exact: true });
        await eventually(
          'Requeue is enabled for the failed job',
          () => requeue.isEnabled(),
          (enabled) => enabled,
        );
        await requeue.click();
        await admin.getByText(`Zadanie ${jobId} wróciło do kolejki.`).waitFor();
        await screenshotFromTop(journey, admin, 'admin users (desktop, pl, light)');
        await expectNoAxeViolations(admin, 'admin users with a job open (pl, light)');

        await jobSection.getByRole('button', { name: 'Usuń zadanie', exact: true }).click();
        const confirm = admin.getByRole('alertdialog', { name: `Usunąć zadanie ${jobId}?` });
        await confirm.waitFor();
        await expectNoAxeViolations(admin, 'admin users, confirming a deletion (pl, light)');
        await confirm.getByRole('button', { name: 'Usuń zadanie', exact: true }).click();
        await admin.getByText(`Usunięto zadanie ${jobId}.`).waitFor();
        await confirm.waitFor({ state: 'hidden' });
        await jobSection.waitFor({ state: 'detached' });
        journey.expectNoPageErrors(admin);

        // Both actions in the log, aimed at the job.
        await admin.goto(journey.url('/admin/logs'));
        await admin.getByRole('heading', { level: 1, name: 'Logi' }).waitFor();
        const entries = admin.getByRole('list', { name: 'Wpisy logu' });
        for (const action of ['jobs.requeue', 'jobs.delete']) {
          const entry = entries.getByRole('article', { name: new RegExp(`${action.replace('.', '\\.')}$`) });
          await entry.filter({ hasText: jobId }).first().waitFor();
        }
        await screenshotFromTop(journey, admin, 'admin logs (desktop, pl, light)');
        await expectNoAxeViolations(admin, 'admin logs (pl, light)');

        await admin.goto(journey.url('/admin/dead-letters'));
        await admin.getByRole('heading', { level: 1, name: 'Odrzucone wiadomości' }).waitFor();
        await expectNoAxeViolations(admin, 'admin dead letters (pl, light)');
        journey.expectNoPageErrors(admin);
      },
      90_000,
    );
  },
  QUIET,
);
