/**
 * The product's main journey on the docker compose stack (Keycloak, Kafka, MongoDB, Redis, MinIO,
 * two gateway replicas behind the ingress, two workers): the demo user signs in through Keycloak,
 * gets the welcome credits, generates a 5 s Standard video and follows it live over SSE (queued →
 * generating → ready, no reload), plays it in the browser (5 ± 0.2 s, and it really plays), buys
 * credits through the mock provider's payment page while another page's badge grows live, and the
 * administrator (another browser context) finds the job on the user's page in Admin → Users.
 *
 * The demo user persists across runs of a stack that keeps its volumes: the welcome grant is
 * asserted exactly (50) when this run's sign-in is the user's first — the admin read model does
 * not know them yet, which is how the compose CI stage's first run starts, from empty volumes —
 * and otherwise every check is a difference from the balance the run started with.
 */
import {
  documentStillMarked,
  expectBadgeCredits,
  jobReaches,
  knownBadgeCredits,
  markDocument,
  numberIn,
  recordJobCards,
  recordedCards,
  statusesOf,
  type CreatedJob,
} from '../support/app-pages';
import type { Journey } from '../support/journey';
import { eventually } from '../support/wait';
import { composeAccount } from './accounts';
import { describeComposeJourney } from './compose-target';
import { serviceEnvironment } from './docker-compose';
import { jobFrames, liveStreamLog, recordLiveStream } from './live-stream-recorder';
import { adminJobDetail, ledgerText, serverCredits } from './money';
import {
  adminListsUser,
  buyWithMockCheckout,
  CARD_STATUS,
  CREDIT_PACKAGE,
  jobCompletes,
  jobStatus,
  noCreditsHeld,
  playInGallery,
  startLongJob,
  videoFromStartImage,
} from './product-steps';
import { reporter } from './report';
import { recordRunState, resetRunState } from './run-state';

/** The welcome grant of a new account (spec §5 "Credits"). */
const WELCOME_CREDITS = 50;
const RENDER_TIMEOUT_MS = 180_000;
const WORKERS = ['jobs-worker-1', 'jobs-worker-2'];

const log = reporter('compose journey');

/** Render slots of the stack: workers × their WORKER_CONCURRENCY (default 1, services/jobs config). */
async function renderSlots(): Promise<number> {
  let slots = 0;
  for (const worker of WORKERS) slots += Number((await serviceEnvironment(worker)).WORKER_CONCURRENCY || 1);
  return slots;
}

describeComposeJourney('compose journey', (journey: Journey) => {
  journey.test(
    'Keycloak sign-in, welcome credits, a live 5 s video that plays, a purchase, and the job in Admin',
    async () => {
      const demoEmail = composeAccount('demo').email;
      resetRunState();

      // The administrator first, in a context of their own: is the demo user new to this stack?
      const admin = await journey.newPage();
      await log.time('administrator signed in via Keycloak', () =>
        journey.signIn(admin, 'admin', { returnTo: '/admin/users' }),
      );
      await admin.getByRole('heading', { level: 1, name: 'Użytkownicy' }).waitFor();
      const firstSignIn = !(await adminListsUser(admin, demoEmail));
      log.say(`${demoEmail} is ${firstSignIn ? 'new to this stack (first sign-in)' : 'known from an earlier run'}`);

      const page = await journey.newPage();
      await recordLiveStream(page);
      await log.time('signed in via Keycloak', () => journey.signIn(page, 'demo'));
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.getByRole('heading', { level: 1, name: /^(Dzień dobry|Dobry wieczór)/ }).waitFor();

      if (firstSignIn) {
        // The welcome grant arrives through events (user.registered → commerce): wait for it.
        await expectBadgeCredits(page, WELCOME_CREDITS, 30_000).catch((error: unknown) => {
          throw new Error(
            `the demo user's first sign-in on this stack must show the ${WELCOME_CREDITS} welcome credits: ${String(error)}`,
          );
        });
        log.say(`dashboard shows the ${WELCOME_CREDITS} welcome credits`);
      } else {
        const shown = await knownBadgeCredits(page);
        expect(shown).toBe((await serverCredits(page)).balance);
        log.say(`not the first sign-in: the dashboard shows the balance carried over, ${shown} credits`);
      }
      await noCreditsHeld(page);
      const before = await knownBadgeCredits(page);

      // /generate: a 5 s Standard video; its price is read before submitting.
      await page.getByRole('link', { name: 'Generuj', exact: true }).first().click();
      await page.waitForURL('**/generate');
      await page.getByRole('heading', { level: 1, name: 'Wygeneruj film' }).waitFor();
      await page.getByRole('textbox', { name: /^Opis \(prompt\)/ }).fill('Latarnia morska o zmierzchu, fale (compose)');
      await page.getByRole('radio', { name: /^Kadr Motion/ }).check();
      await page.getByRole('radio', { name: '5 s', exact: true }).check();
      await page.getByRole('radio', { name: /^Standardowa/ }).check();
      const priceText = await eventually(
        'the price is shown',
        () => page.getByRole('region', { name: 'Cena' }).locator('p').first().innerText(),
        (text) => /\d/.test(text),
      );
      const cost = numberIn(priceText);
      expect(cost).toBeGreaterThan(0);

      // Render slots busy first, so the new video is queued before it renders: a free worker could
      // claim it before the page has the POST's answer, and its card would be born "generating".
      const slots = await renderSlots();
      const blockers: CreatedJob[] = [];
      for (let i = 0; i < slots; i += 1) blockers.push(await startLongJob(page, `Zajmuje renderer ${i + 1} (compose)`));
      const held = await eventually(
        'a blocker renders',
        () => Promise.all(blockers.map((b) => jobStatus(page, b.id))),
        (statuses) => statuses.includes('PROCESSING'),
        RENDER_TIMEOUT_MS,
      );
      log.say(
        `${slots} blockers for ${slots} render slots: ${blockers.map((b, i) => `${b.id} ${held[i]}`).join(', ')}`,
      );

      await markDocument(page);
      await recordJobCards(page);
      const submittedAt = Date.now();
      await page.getByRole('button', { name: 'Generuj film', exact: true }).click();
      const started = page.getByRole('list', { name: 'Filmy uruchomione na tej stronie' }).getByRole('listitem');
      await started.first().waitFor();
      const jobId = (await started.first().getAttribute('data-job-id')) as string;
      expect(jobId).toBeTruthy();
      log.say(`generated job ${jobId} (5 s Standard, ${cost} credits)`);

      // The server's word first, so a job that failed or never left the queue is named as such.
      await jobCompletes(page, jobId, RENDER_TIMEOUT_MS, admin);
      const card = page.locator(`li[data-job-id="${jobId}"]`);
      await card.getByText(CARD_STATUS.COMPLETED, { exact: true }).waitFor({ timeout: 30_000 });
      const seen = await recordedCards(page, jobId);
      expect(statusesOf(seen)).toEqual([CARD_STATUS.PENDING, CARD_STATUS.PROCESSING, CARD_STATUS.COMPLETED]);
      expect(seen.some((s) => s.status === CARD_STATUS.PROCESSING && s.progress !== null && s.progress > 0)).toBe(true);
      expect(await documentStillMarked(page)).toBe(true);
      // The card moved on the stream's events: the page received the job's events over SSE.
      const frames = jobFrames(await liveStreamLog(page), jobId);
      const types = frames.map((f) => f.type);
      expect(types).toEqual(expect.arrayContaining(['started', 'progress', 'completed']));
      expect(types.at(-1)).toBe('completed');
      const after = (type: string) => {
        const frame = frames.find((f) => f.type === type);
        return frame ? `${((frame.at - submittedAt) / 1000).toFixed(1)} s` : 'never';
      };
      log.say(
        `job ${jobId}: PENDING → PROCESSING → COMPLETED live over SSE (no reload): started ${after('started')}, ` +
          `completed ${after('completed')} after submitting; ${frames.length} events (${types.join(', ')})`,
      );

      // The blockers only held render slots: a completed one is charged, a failed one refunded.
      const blockersEnded = await Promise.all(
        blockers.map((b) => jobReaches(page, b.id, ['COMPLETED', 'FAILED'], RENDER_TIMEOUT_MS)),
      );
      const blockersCost = blockers.reduce((sum, b, i) => sum + (blockersEnded[i] === 'COMPLETED' ? b.cost : 0), 0);
      const charged = before - cost - blockersCost;
      await expectBadgeCredits(page, charged, 30_000);
      log.say(`charged ${cost} credits for the video (and ${blockersCost} for the blockers): ${charged} left`);

      // The video, in the gallery's player: 5 ± 0.2 s, and its clock moves when it plays.
      await card.getByRole('link', { name: 'Obejrzyj w galerii' }).click();
      await page.waitForURL('**/gallery');
      const played = await playInGallery(page, jobId);
      expect(played.error).toBeNull();
      expect(Math.abs(played.duration - 5)).toBeLessThanOrEqual(0.2);
      expect(played.playedTo).toBeGreaterThanOrEqual(1);
      log.say(
        `video of ${jobId} plays: duration ${played.duration.toFixed(3)} s, currentTime reached ${played.playedTo.toFixed(2)} s`,
      );
      await page.keyboard.press('Escape');
      journey.expectNoPageErrors(page);

      // A purchase on a second page of the same session; the dashboard's badge grows live.
      await page.goto(journey.url('/dashboard'));
      await page.getByRole('heading', { level: 1, name: /^(Dzień dobry|Dobry wieczór)/ }).waitFor();
      await expectBadgeCredits(page, charged);
      await markDocument(page);
      const checkout = await page.context().newPage();
      const orderId = await log.time(
        'bought credits through the mock provider',
        () => buyWithMockCheckout(checkout, journey.url),
        (id) => `order ${id}, ${CREDIT_PACKAGE.credits} credits`,
      );
      await log.time(`the open dashboard's badge shows ${charged + CREDIT_PACKAGE.credits} without a reload`, () =>
        expectBadgeCredits(page, charged + CREDIT_PACKAGE.credits, 30_000),
      );
      expect(await documentStillMarked(page)).toBe(true);
      expect((await serverCredits(page)).balance).toBe(charged + CREDIT_PACKAGE.credits);
      log.say(`order ${orderId} applied once: commerce has ${charged + CREDIT_PACKAGE.credits} credits`);

      // Image-to-video (issue 21): the start image goes from the browser straight to object storage
      // (MinIO, through the ingress's /kadr-media) with media's presigned POST form; the video starts on it.
      const fromImage = await log.time(
        'a video from an uploaded start image',
        () => videoFromStartImage(page, journey.url),
        (job) => `job ${job.id}, ${job.cost} credits`,
      );
      const finalBalance = charged + CREDIT_PACKAGE.credits - fromImage.cost;
      await expectBadgeCredits(page, finalBalance, 30_000);
      recordRunState({
        demoBalance: finalBalance,
        jobs: [
          { id: jobId, duration: 5, cost },
          { id: fromImage.id, duration: 5, cost: fromImage.cost },
          ...blockers
            .filter((_, i) => blockersEnded[i] === 'COMPLETED')
            .map((b) => ({ id: b.id, duration: 10, cost: b.cost })),
        ],
        orders: [orderId],
      });

      // The administrator finds the user and the job on the user's page.
      await admin.goto(journey.url('/admin/users'));
      await admin.getByRole('heading', { level: 1, name: 'Użytkownicy' }).waitFor();
      await admin.getByRole('searchbox', { name: 'Szukaj użytkowników' }).fill(demoEmail);
      const select = admin.getByRole('button', { name: `Pokaż zadania użytkownika ${demoEmail}` });
      await select.waitFor({ timeout: 15_000 });
      await select.click();
      await admin.getByRole('heading', { name: `Użytkownik ${demoEmail}` }).waitFor();
      await admin.getByRole('button', { name: `Pokaż zadanie ${jobId}` }).click();
      await admin.getByRole('region', { name: `Zadanie ${jobId}` }).waitFor();
      journey.expectNoPageErrors(admin);
      const detail = await adminJobDetail(admin, jobId);
      log.say(`Admin → Users → ${demoEmail} lists job ${jobId} (${detail.job.status}); its ledger:`);
      for (const line of ledgerText(detail.ledger ?? [])) log.say(`  ${line}`);
    },
    600_000,
  );
});
