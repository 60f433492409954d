/**
 * Issue 20 in the browser: the place in the queue with its estimates, and "tell me when it is done". Polish,
 * desktop, light.
 *
 * 1. Two jobs queued behind a busy render slot show places 1 and 2 and estimates that move on the open
 *    dashboard, and again after a reload and on the job's own page; a job of a shape nothing has rendered yet
 *    says there is no estimate (never a made-up time).
 * 2. A video finishing while the tab is in the background: the browser's notification (permission granted),
 *    "(n) " in the tab's title, cleared when the tab comes back; the bell lists it unread, a reload keeps it,
 *    clicking the browser notification or choosing the entry opens the video's page and marks it read.
 * 3. The permission is asked on the generator's first successful submit, never on page load, and only once.
 * 4. Settings' two switches are saved to the account; `/unsubscribe` sends nothing on load, says a bad link is
 *    invalid, and a real link from the e-mail (caught by the development mail catcher) stops the e-mails.
 *
 * The embedded product has one render slot. The test model `faulty-test` at "Ultra Fast" reports 10 % and
 * then hangs, holding the slot (its time-out is raised here so it holds it for the whole test); every test
 * cancels it at the end so the slot is free for the next. The hidden tab is emulated: see
 * e2e/support/notifications.ts for why and how.
 */
import type { Locator, Page } from 'playwright-core';
import {
  liveActiveJobs,
  callApi,
  createJobThroughApi,
  documentStillMarked,
  jobReaches,
  markDocument,
  type CreatedJob,
} from '../support/app-pages';
import { expectNoAxeViolations } from '../support/axe';
import {
  clickShownNotification,
  installNotificationWatch,
  notificationErrors,
  notificationPermission,
  permissionRequests,
  setTabVisibility,
  shownNotifications,
} from '../support/notifications';
import { describeJourney, eventually, freshEmail, type Journey } from '../support';

const RENDER_TIMEOUT_MS = 90_000;
/** The built-in renderer's shape the queue test gives a history to (`createJobThroughApi`'s defaults). */
const LITE = { quality: 'Lite' } as const;
/** The test model's hanging render: it holds the one render slot until cancelled. */
const HANG = { modelId: 'faulty-test', speed: 'Ultra Fast' } as const;

const TEXT = {
  position: (n: number) => `Pozycja w kolejce: ${n}`,
  startAndFinish: /^Szacowany start ok\. (.+), koniec ok\. (.+)$/,
  finish: /^Szacowany koniec ok\. (.+)$/,
  noEstimate: 'Brak jeszcze szacunku czasu',
  readyTitle: 'Twój film jest gotowy',
  failedTitle: 'Nie udało się utworzyć filmu',
  bell: 'Powiadomienia',
  bellUnread: (n: number) => `Powiadomienia, ${n} nieprzeczytane`,
  saved: 'Zapisano ustawienia powiadomień.',
  emailSwitch: 'Wyślij mi e-mail, gdy film będzie gotowy (gdy już wyjdę ze strony)',
  browserSwitch: 'Powiadomienia w przeglądarce',
} as const;

/** Cancels those of `jobs` still under way (a test's clean-up, also after a failure: the slot must be freed). */
async function cancelAll(page: Page, jobs: ReadonlyArray<CreatedJob | undefined>): Promise<void> {
  for (const job of jobs) {
    if (!job) continue;
    try {
      const now = await callApi<{ data: { status: string } }>(page, 'GET', `/bff/platform/jobs/${job.id}`);
      if (!['PENDING', 'PROCESSING'].includes(now.body.data.status)) continue;
      await callApi(page, 'POST', `/bff/platform/jobs/${job.id}/cancel`);
      await jobReaches(page, job.id, ['CANCELLED', 'COMPLETED', 'FAILED'], 30_000);
    } catch {
      // Best effort: the test's own failure is what matters.
    }
  }
}

/** The job's progress as the jobs service has it. */
async function serverProgress(page: Page, jobId: string): Promise<number> {
  const answer = await callApi<{ data: { progress: number } }>(page, 'GET', `/bff/platform/jobs/${jobId}`);
  return answer.body.data.progress;
}

/** The one line of a card matching `pattern` (the queue's estimate, the place). */
const lineOf = (scope: Locator, pattern: RegExp | string): Locator =>
  scope.getByText(pattern, typeof pattern === 'string' ? { exact: true } : undefined);

async function estimateOf(card: Locator): Promise<{ text: string; start: string; finish: string }> {
  const text = (await lineOf(card, TEXT.startAndFinish).innerText()).trim();
  const match = TEXT.startAndFinish.exec(text);
  if (!match) throw new Error(`not an estimate: ${text}`);
  return { text, start: match[1]!, finish: match[2]! };
}

/**
 * The estimates of places 1 and 2, once both cards show the same read of the queue (a read landing between the
 * two looks would pair estimates of two moments): the second starts when the first finishes. Returns place 1's.
 */
async function placesOneAndTwo(
  firstCard: Locator,
  secondCard: Locator,
): Promise<{ text: string; start: string; finish: string }> {
  const [first] = await eventually(
    'place 2 starts when place 1 finishes',
    () => Promise.all([estimateOf(firstCard), estimateOf(secondCard)]),
    ([one, two]) => two.start === one.finish,
    5_000,
  );
  return first;
}

/** The bell of the top bar, found by its accessible name ("Powiadomienia" or "Powiadomienia, n nieprzeczytane"). */
const bell = (page: Page, name: string): Locator => page.getByRole('button', { name, exact: true });

async function openInbox(page: Page, bellName: string): Promise<Locator> {
  const trigger = page.getByTestId('notification-bell');
  await bell(page, bellName).waitFor();
  await trigger.click();
  const menu = page.getByTestId('notification-menu');
  await menu.waitFor();
  return menu;
}

async function closeInbox(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('notification-menu').waitFor({ state: 'hidden' });
}

/** What the web app keeps in this browser once it has asked for the permission. */
const permissionAskedMark = (page: Page): Promise<string | null> =>
  page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
      'kadr.notifications.permissionAsked',
    ),
  );

/** Flips a Settings switch and waits for the page to have the server's answer (one save at a time there). */
async function saveSwitch(page: Page, control: Locator): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/notifications/preferences') && response.request().method() === 'PUT',
  );
  await control.click();
  expect((await saved).status()).toBe(200);
}

/** The user's e-mail switch and browser switch as the server has them. */
async function serverPreferences(page: Page): Promise<{ email: boolean; browser: boolean }> {
  const answer = await callApi<{ data: { email: boolean; browser: boolean } }>(
    page,
    'GET',
    '/bff/platform/api/notifications/preferences',
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describeJourney(
  'notifications and queue',
  (journey: Journey) => {
    journey.test(
      'two jobs queued behind a busy render slot show places 1 and 2 and estimates that move; a reload keeps them',
      async () => {
        const page = await journey.newPage();
        await journey.signIn(page, freshEmail('queue'));
        const active = await liveActiveJobs(page);
        // Someone else's render keeps the slot (a free plan may have 3 videos under way: this person's are the 3 queued).
        const neighbour = await journey.newPage();
        await journey.signIn(neighbour, freshEmail('queue-neighbour'));
        const jobs: CreatedJob[] = [];
        let busy: CreatedJob | undefined;
        try {
          // History: estimates come only from finished renders of the same model, quality, duration and speed.
          const history = await createJobThroughApi(page, { prompt: 'Pierwszy film w historii', ...LITE });
          expect(await jobReaches(page, history.id, ['COMPLETED'], RENDER_TIMEOUT_MS)).toBe('COMPLETED');

          // The slot taken by a render that never ends. Its estimated finish needs some progress to work from
          // (no render of its shape has finished): it reports 10 % at once, and nothing after.
          busy = await createJobThroughApi(neighbour, { prompt: 'Render, który nie chce się skończyć', ...HANG });
          await jobReaches(neighbour, busy.id, ['PROCESSING'], 30_000);
          const busyId = busy.id;
          await eventually(
            'the busy render reports its progress',
            () => serverProgress(neighbour, busyId),
            (progress) => progress >= 10,
          );
          const first = await createJobThroughApi(page, { prompt: 'Kolejka do kasy biletowej', ...LITE });
          jobs.push(first);
          const second = await createJobThroughApi(page, { prompt: 'Kolejka po lody nad morzem', ...LITE });
          jobs.push(second);
          // A shape with no finished render behind it: a place, and no time.
          const unknown = await createJobThroughApi(page, {
            prompt: 'Kolejka, dla której nie ma historii',
            ...LITE,
            duration: 10,
          });
          jobs.push(unknown);

          const cardOf = (job: CreatedJob) => active.locator(`li[data-job-id="${job.id}"]`);
          const [firstCard, secondCard, unknownCard] = [first, second, unknown].map(cardOf) as [
            Locator,
            Locator,
            Locator,
          ];
          await lineOf(firstCard, TEXT.position(1)).waitFor();
          await lineOf(secondCard, TEXT.position(2)).waitFor();
          await lineOf(unknownCard, TEXT.position(3)).waitFor();
          await lineOf(unknownCard, TEXT.noEstimate).waitFor();
          // The render under way has no place, only its estimated finish (on its owner's dashboard).
          const busyCard = (await liveActiveJobs(neighbour)).locator(`li[data-job-id="${busy.id}"]`);
          await lineOf(busyCard, TEXT.finish).waitFor();
          expect(await lineOf(busyCard, /^Pozycja w kolejce/).count()).toBe(0);

          // One slot: the second starts when the first finishes.
          const before = await placesOneAndTwo(firstCard, secondCard);
          await journey.screenshot(page, 'dashboard, jobs queued (desktop, pl, light)');
          await expectNoAxeViolations(page, 'dashboard with queued jobs (pl, light)');

          // The open page reads the queue again every 15 s while a job waits, and shows what it read. The busy
          // render reported 10 % at once and nothing since, so its pace says "about a second left" at every
          // read: the estimates behind it stay "about now" and move with the clock. Shown to the minute, the
          // text changes at the next minute boundary, within one read of it — at most ~75 s, usually less.
          await markDocument(page);
          await eventually(
            'the estimate of place 1 moves without a reload',
            async () => (await estimateOf(firstCard)).text,
            (text) => text !== before.text,
            90_000,
          );
          expect(await documentStillMarked(page)).toBe(true);
          await lineOf(firstCard, TEXT.position(1)).waitFor();
          await placesOneAndTwo(firstCard, secondCard);

          // A reload keeps the places and the estimates (read from the server again).
          await page.reload();
          const reloaded = await liveActiveJobs(page);
          const again = (job: CreatedJob) => reloaded.locator(`li[data-job-id="${job.id}"]`);
          await lineOf(again(first), TEXT.position(1)).waitFor();
          await lineOf(again(second), TEXT.position(2)).waitFor();
          await lineOf(again(unknown), TEXT.position(3)).waitFor();
          await lineOf(again(unknown), TEXT.noEstimate).waitFor();
          await placesOneAndTwo(again(first), again(second));

          // The job's own page says the same.
          await page.goto(journey.url(`/jobs/${second.id}`));
          await page.getByRole('heading', { level: 1, name: 'Kolejka po lody nad morzem' }).waitFor();
          const status = page.getByRole('region', { name: 'Status' });
          await lineOf(status, TEXT.position(2)).waitFor();
          await lineOf(status, TEXT.startAndFinish).waitFor();
          await expectNoAxeViolations(page, 'job page, queued with an estimate (pl, light)');

          // Place 1 leaves the queue (cancelled elsewhere): on the open dashboard the others move up, no reload.
          await page.goto(journey.url('/dashboard'));
          const live = await liveActiveJobs(page);
          await lineOf(live.locator(`li[data-job-id="${second.id}"]`), TEXT.position(2)).waitFor();
          await markDocument(page);
          await callApi(page, 'POST', `/bff/platform/jobs/${first.id}/cancel`);
          await live.locator(`li[data-job-id="${first.id}"]`).waitFor({ state: 'detached' });
          await lineOf(live.locator(`li[data-job-id="${second.id}"]`), TEXT.position(1)).waitFor();
          await lineOf(live.locator(`li[data-job-id="${unknown.id}"]`), TEXT.position(2)).waitFor();
          await lineOf(live.locator(`li[data-job-id="${second.id}"]`), TEXT.startAndFinish).waitFor();
          expect(await documentStillMarked(page)).toBe(true);
          journey.expectNoPageErrors(page);
        } finally {
          await cancelAll(page, jobs.slice().reverse());
          await cancelAll(neighbour, [busy]);
        }
      },
      180_000,
    );

    journey.test(
      'a video finishing in a background tab raises the browser notification and the title count; the inbox survives a reload',
      async () => {
        const page = await journey.newPage();
        await page.context().grantPermissions(['notifications'], { origin: journey.baseUrl });
        await installNotificationWatch(page);
        await journey.signIn(page, freshEmail('notified'));
        const active = await liveActiveJobs(page);
        expect(await notificationPermission(page)).toBe('granted');
        await bell(page, TEXT.bell).waitFor();
        const jobs: CreatedJob[] = [];
        try {
          // The slot is held, so the video waits: the page knows of it before the tab goes to the background
          // (a hidden tab keeps the live stream only while one of the user's videos is under way).
          const busy = await createJobThroughApi(page, { prompt: 'Blokada renderera', ...HANG });
          jobs.push(busy);
          await jobReaches(page, busy.id, ['PROCESSING'], 30_000);
          const prompt = 'Latawce nad Bałtykiem';
          const video = await createJobThroughApi(page, { prompt, ...LITE });
          jobs.push(video);
          await active.locator(`li[data-job-id="${video.id}"]`).waitFor();
          const ownTitle = await page.title();
          expect(ownTitle).not.toMatch(/^\(\d+\) /);

          await setTabVisibility(page, 'hidden');
          await callApi(page, 'POST', `/bff/platform/jobs/${busy.id}/cancel`);
          expect(await jobReaches(page, video.id, ['COMPLETED'], RENDER_TIMEOUT_MS)).toBe('COMPLETED');
          const [ready] = await eventually(
            'the browser notification of the finished video',
            () => shownNotifications(page),
            (shown) => shown.length === 1,
          );
          // Its tag is the notification's id, which is the job's id (one notification per job).
          expect(ready).toEqual({ title: TEXT.readyTitle, body: `„${prompt}”`, tag: video.id });
          await eventually(
            'the title counts one',
            () => page.title(),
            (title) => title === `(1) ${ownTitle}`,
          );

          // A failure heard while still hidden is counted too (the test model's "Normalna" fails at once).
          const failed = await createJobThroughApi(page, { prompt: 'Film, który się nie uda', modelId: 'faulty-test' });
          jobs.push(failed);
          expect(await jobReaches(page, failed.id, ['FAILED'], 30_000)).toBe('FAILED');
          const shown = await eventually(
            'the browser notification of the failed video',
            () => shownNotifications(page),
            (all) => all.length === 2,
          );
          expect(shown[1]).toEqual({
            title: TEXT.failedTitle,
            body: expect.stringMatching(/^Powód: .+\. Kredyty wróciły na Twoje konto\.$/) as string,
            tag: failed.id,
          });
          await eventually(
            'the title counts two',
            () => page.title(),
            (title) => title === `(2) ${ownTitle}`,
          );
          expect(await notificationErrors(page)).toEqual([]);

          // Back to the tab: the count leaves the title.
          await setTabVisibility(page, 'visible');
          await eventually(
            'the title is the page’s own again',
            () => page.title(),
            (title) => title === ownTitle,
          );
          await bell(page, TEXT.bellUnread(2)).waitFor();
          expect(await page.getByTestId('notification-unread-count').innerText()).toBe('2');

          // A click on the browser's notification of the failure opens that video's page and marks it read.
          await clickShownNotification(page, 1);
          await page.waitForURL((url) => url.pathname === `/jobs/${failed.id}`);
          await page.getByRole('heading', { level: 1, name: 'Film, który się nie uda' }).waitFor();
          await bell(page, TEXT.bellUnread(1)).waitFor();
          await expectNoAxeViolations(page, 'job page, failed, bell with one unread (pl, light)');

          // The bell lists both, newest first: the finished one unread.
          let menu = await openInbox(page, TEXT.bellUnread(1));
          const items = menu.getByTestId('notification-item');
          const readyItem = items.filter({ hasText: `${TEXT.readyTitle}: „${prompt}”` });
          await readyItem.waitFor();
          expect(await items.count()).toBe(2);
          expect(await readyItem.getAttribute('data-unread')).toBe('true');
          expect(await items.filter({ hasText: TEXT.failedTitle }).getAttribute('data-unread')).toBe('false');
          await journey.screenshot(page, 'inbox open (desktop, pl, light)');
          await expectNoAxeViolations(page, 'inbox open (pl, light)');
          await closeInbox(page);

          // A reload keeps the inbox (read from the server again).
          await page.reload();
          menu = await openInbox(page, TEXT.bellUnread(1));
          await menu.getByTestId('notification-item').first().waitFor();
          expect(await menu.getByTestId('notification-item').count()).toBe(2);
          const stillUnread = menu
            .getByTestId('notification-item')
            .filter({ hasText: `${TEXT.readyTitle}: „${prompt}”` });
          expect(await stillUnread.getAttribute('data-unread')).toBe('true');

          // Choosing it opens the video's page; after a reload it is read and nothing is unread.
          await stillUnread.click();
          await page.waitForURL((url) => url.pathname === `/jobs/${video.id}`);
          await page.getByRole('heading', { level: 1, name: prompt }).waitFor();
          await page.reload();
          menu = await openInbox(page, TEXT.bell);
          await menu.getByTestId('notification-item').first().waitFor();
          expect(await page.getByTestId('notification-unread-count').count()).toBe(0);
          const states = await menu
            .getByTestId('notification-item')
            .evaluateAll((elements) =>
              elements.map((element) => (element as unknown as { dataset: { unread?: string } }).dataset.unread),
            );
          expect(states).toEqual(['false', 'false']);
          await closeInbox(page);
          journey.expectNoPageErrors(page);
        } finally {
          await cancelAll(page, jobs);
        }
      },
      150_000,
    );

    journey.test(
      'the browser is asked for the permission on the first generation, never on page load',
      async () => {
        const page = await journey.newPage();
        // A person who closes the prompt without choosing: the browser's answer stays 'default'.
        await installNotificationWatch(page, { permissionAnswer: 'dismiss' });
        await journey.signIn(page, freshEmail('asked'));
        await liveActiveJobs(page);
        expect(await notificationPermission(page)).toBe('default');
        expect(await permissionRequests(page)).toBe(0);

        await page.goto(journey.url('/generate'));
        await page.getByRole('heading', { level: 1, name: 'Wygeneruj film' }).waitFor();
        await page.getByRole('textbox', { name: /^Opis \(prompt\)/ }).fill('Żurawie nad jeziorem o świcie');
        await page.getByRole('radio', { name: /^Kadr Motion/ }).check();
        await page.getByRole('radio', { name: '5 s', exact: true }).check();
        await page.getByRole('radio', { name: /^Lite/ }).check();
        await page.getByRole('region', { name: 'Cena' }).getByText(/\d/).first().waitFor();
        expect(await permissionRequests(page)).toBe(0);
        expect(await permissionAskedMark(page)).toBeNull();

        const started = page.getByRole('list', { name: 'Filmy uruchomione na tej stronie' }).getByRole('listitem');
        await page.getByRole('button', { name: 'Generuj film', exact: true }).click();
        await started.first().waitFor();
        await eventually(
          'the permission is asked after the submit',
          () => permissionRequests(page),
          (count) => count === 1,
        );
        expect(await permissionAskedMark(page)).toBe('true');

        // Asked once per browser: the next video does not ask again (the answer is still 'default').
        await page.getByRole('textbox', { name: /^Opis \(prompt\)/ }).fill('Żurawie odlatują na południe');
        await page.getByRole('button', { name: 'Generuj film', exact: true }).click();
        await eventually(
          'the second video is started',
          () => started.count(),
          (count) => count === 2,
        );
        await page.waitForTimeout(500);
        expect(await permissionRequests(page)).toBe(0 + 1);

        // A new page load asks nothing either.
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Wygeneruj film' }).waitFor();
        await page.waitForTimeout(500);
        expect(await permissionRequests(page)).toBe(0);

        const ids = await started.evaluateAll((items) =>
          items.map((item) => (item as unknown as { dataset: { jobId?: string } }).dataset.jobId ?? ''),
        );
        for (const id of ids.filter(Boolean)) await jobReaches(page, id, ['COMPLETED'], RENDER_TIMEOUT_MS);
        journey.expectNoPageErrors(page);
      },
      150_000,
    );

    journey.test('the notification switches in Settings are saved to the account', async () => {
      const page = await journey.newPage();
      await installNotificationWatch(page, { permissionAnswer: 'dismiss' });
      await journey.signIn(page, freshEmail('switches'), { returnTo: '/settings' });
      const section = page.getByRole('region', { name: 'Powiadomienia', exact: true });
      const email = section.getByRole('switch', { name: TEXT.emailSwitch });
      const browser = section.getByRole('switch', { name: TEXT.browserSwitch });
      await email.waitFor();
      // Both on until the person turns one off; the browser has not been asked yet, and the switch says so.
      expect(await email.isChecked()).toBe(true);
      expect(await browser.isChecked()).toBe(true);
      await section
        .getByText('Przeglądarka zapyta, czy Kadr może wyświetlać powiadomienia.', { exact: false })
        .waitFor();
      await expectNoAxeViolations(page, 'settings, notifications (pl, light)');

      await saveSwitch(page, email);
      await page.getByText(TEXT.saved).first().waitFor();
      expect(await email.isChecked()).toBe(false);
      expect(await serverPreferences(page)).toEqual({ email: false, browser: true });

      // Browser notifications off, then on again: turning them on asks the browser (a click may ask).
      await saveSwitch(page, browser);
      expect(await serverPreferences(page)).toEqual({ email: false, browser: false });
      expect(await permissionRequests(page)).toBe(0);
      await saveSwitch(page, browser);
      expect(await serverPreferences(page)).toEqual({ email: false, browser: true });
      expect(await permissionRequests(page)).toBe(1);

      // Reloaded at once: the preferences are read from the server again (the persisted cache may be a second old).
      await page.reload();
      await email.waitFor();
      expect(await email.isChecked()).toBe(false);
      expect(await browser.isChecked()).toBe(true);
      journey.expectNoPageErrors(page);
    });

    journey.test(
      '/unsubscribe sends nothing on load; a bad link is invalid; the e-mail’s link stops the e-mails',
      async () => {
        // A bad link, opened without a session.
        const visitor = await journey.newPage();
        const posts: string[] = [];
        visitor.on('request', (request) => {
          if (request.url().includes('/notifications/unsubscribe')) posts.push(`${request.method()} ${request.url()}`);
        });
        await visitor.goto(journey.url('/unsubscribe?token=to-nie-jest-prawdziwy-token'));
        await visitor.getByRole('heading', { level: 1, name: 'Wyłącz e-maile o Twoich filmach' }).waitFor();
        const stop = visitor.getByRole('button', { name: 'Wyłącz e-maile', exact: true });
        await stop.waitFor();
        await visitor.getByRole('link', { name: 'Zaloguj się, aby zarządzać ustawieniami' }).waitFor();
        await visitor.waitForTimeout(500);
        expect(posts).toEqual([]);
        await expectNoAxeViolations(visitor, 'unsubscribe (pl, light)');
        const answered = visitor.waitForResponse((response) => response.url().includes('/notifications/unsubscribe'));
        await stop.click();
        expect((await answered).status()).toBe(400);
        const invalid = visitor.getByTestId('unsubscribe-invalid');
        await invalid.getByRole('heading', { level: 2, name: 'Ten link jest nieprawidłowy albo wygasł' }).waitFor();
        expect(posts).toHaveLength(1);
        await expectNoAxeViolations(visitor, 'unsubscribe, invalid link (pl, light)');
        // No token at all: invalid at once, nothing sent.
        await visitor.goto(journey.url('/unsubscribe'));
        await visitor.getByTestId('unsubscribe-invalid').waitFor();
        await visitor.waitForTimeout(300);
        expect(posts).toHaveLength(1);
        journey.expectNoPageErrors(visitor);

        // A real link: a video finishes after every tab of its person has closed (EMAIL_AWAY_MS is 1 s here).
        const address = freshEmail('away');
        const page = await journey.newPage();
        await journey.signIn(page, address);
        await liveActiveJobs(page);
        const busy = await createJobThroughApi(page, { prompt: 'Blokada przed wyjściem', ...HANG });
        let video: CreatedJob | undefined;
        try {
          await jobReaches(page, busy.id, ['PROCESSING'], 30_000);
          video = await createJobThroughApi(page, { prompt: 'Film na później', ...LITE });
          // Leaves the app (its live stream closes) for a plain file of the same site, whose cookies still call the API.
          await page.goto(journey.url('/favicon.svg'));
          await page.waitForTimeout(2_000);
          await callApi(page, 'POST', `/bff/platform/jobs/${busy.id}/cancel`);
          expect(await jobReaches(page, video.id, ['COMPLETED'], RENDER_TIMEOUT_MS)).toBe('COMPLETED');
        } finally {
          await cancelAll(page, [busy, video]);
        }
        const mailCatcher = journey.stack.components.find((component) => component.name === 'mail-catcher');
        if (!mailCatcher) throw new Error('the embedded stack has no mail catcher');
        const mails = await eventually(
          'the e-mail about the finished video',
          async () =>
            (
              (await (await fetch(`${mailCatcher.url}.json`)).json()) as {
                data: { to: string; subject: string; text: string }[];
              }
            ).data.filter((mail) => mail.to.includes(address)),
          (found) => found.length === 1,
          30_000,
        );
        expect(mails[0]!.subject).toBe(TEXT.readyTitle);
        const link = /https?:\/\/\S+\/unsubscribe\?token=[^\s"<>]+/.exec(mails[0]!.text)?.[0];
        expect(link).toBeDefined();

        const reader = await journey.newPage();
        const readerPosts: string[] = [];
        reader.on('request', (request) => {
          if (request.url().includes('/notifications/unsubscribe')) readerPosts.push(request.method());
        });
        await reader.goto(link!);
        const stopReal = reader.getByRole('button', { name: 'Wyłącz e-maile', exact: true });
        await stopReal.waitFor();
        await reader.waitForTimeout(500);
        expect(readerPosts).toEqual([]);
        await stopReal.click();
        const done = reader.getByTestId('unsubscribe-done');
        await done.getByRole('heading', { level: 2, name: 'E-maile wyłączone' }).waitFor();
        expect(readerPosts).toEqual(['POST']);
        await expectNoAxeViolations(reader, 'unsubscribe, done (pl, light)');
        journey.expectNoPageErrors(reader);

        // The person's settings say so.
        await page.goto(journey.url('/settings'));
        const email = page.getByRole('switch', { name: TEXT.emailSwitch });
        await email.waitFor();
        expect(await email.isChecked()).toBe(false);
        expect(await serverPreferences(page)).toEqual({ email: false, browser: true });
        journey.expectNoPageErrors(page);
      },
      150_000,
    );
  },
  {
    stack: {
      env: {
        // The hanging test render holds the slot for the whole test (it is cancelled at the end), not ~30 s.
        JOB_TIMEOUT_BASE_MS: '600000',
        // "Left the site" after 1 s instead of 2 minutes; due e-mails looked for every 200 ms.
        EMAIL_AWAY_MS: '1000',
        EMAIL_SCAN_MS: '200',
      },
    },
  },
);
