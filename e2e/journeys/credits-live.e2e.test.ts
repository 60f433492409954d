/**
 * Issue 9, journeys 3 and 7: buying credits through the mock checkout (the package, Pay, the
 * development payment page, the success page with the new balance; a failed payment adds nothing
 * and says so), and the dashboard staying live while it is open — a job's progress moves and the
 * credits badge grows after a purchase made elsewhere, with no reload. Polish, desktop, light. Buy credits, the
 * payment page (also its failure) and the success page are checked by axe-core at 360 and 1280 px (issue 19).
 */
import type { Page } from 'playwright-core';
import {
  liveActiveJobs,
  badgeCredits,
  buyThroughApi,
  callApi,
  createJobThroughApi,
  jobReaches,
  numberIn,
  documentStillMarked,
  expectBadgeCredits,
  knownBadgeCredits,
  markDocument,
  recordJobCards,
  recordedCards,
  statusesOf,
  screenshotFromTop,
  choosePackage,
  CREDIT_PACKAGE_100,
} from '../support/app-pages';
import { expectNoAxeViolations } from '../support/axe';
import { describeJourney, eventually, freshEmail, type Journey } from '../support';

const PACKAGE = CREDIT_PACKAGE_100;
const RENDER_TIMEOUT_MS = 90_000;

/** The balance as the commerce service has it (not the page's picture of it). */
async function serverBalance(page: Page): Promise<number> {
  const answer = await callApi<{ data: { balance: number } }>(page, 'GET', '/bff/platform/api/commerce/credits');
  expect(answer.status).toBe(200);
  return answer.body.data.balance;
}

/** /buy-credits → the package → Pay: resolves on the development payment page. */
async function startCheckout(journey: Journey, page: Page, screenshot?: string): Promise<string> {
  await page.goto(journey.url('/buy-credits'));
  await page.getByRole('heading', { level: 1, name: 'Kup kredyty' }).waitFor();
  await choosePackage(page);
  const pay = page.getByRole('button', { name: /^Zapłać/ });
  await pay.waitFor();
  // The simulator is offered when the payment service says the mock provider is active.
  await page.getByRole('heading', { name: 'Płatności deweloperskie' }).waitFor();
  if (screenshot) {
    await screenshotFromTop(journey, page, screenshot);
    await expectNoAxeViolations(page, screenshot);
  }
  await pay.click();
  await page.waitForURL((url) => url.pathname === '/payment/mock-process' && url.searchParams.has('orderId'));
  await page.getByRole('heading', { level: 1, name: 'Symulator płatności' }).waitFor();
  return new URL(page.url()).searchParams.get('orderId') as string;
}

describeJourney('credits and live updates', (journey: Journey) => {
  journey.test('buys a package through the mock checkout; failed payments add nothing and say so', async () => {
    const page = await journey.newPage();
    await journey.signIn(page, freshEmail('buyer'));
    const before = await knownBadgeCredits(page);

    const orderId = await startCheckout(journey, page, 'buy credits (desktop, pl, light)');
    await page.getByRole('button', { name: 'Zapłać (symulowany sukces)' }).waitFor();
    await screenshotFromTop(journey, page, 'mock payment (desktop, pl, light)');
    await expectNoAxeViolations(page, 'mock payment (desktop, pl, light)');
    await page.getByRole('button', { name: 'Zapłać (symulowany sukces)' }).click();

    await page.waitForURL((url) => url.pathname === '/payment/success');
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
    await page.getByRole('heading', { level: 1, name: 'Płatność zakończona sukcesem' }).waitFor();
    const after = before + PACKAGE.credits;
    await page.getByText(`Dodano ${PACKAGE.credits} kredytów.`).waitFor();
    await page.getByText(new RegExp(`^Nowe saldo: ${after} kredyt`)).waitFor();
    await expectBadgeCredits(page, after);
    await screenshotFromTop(journey, page, 'payment success (desktop, pl, light)');
    await expectNoAxeViolations(page, 'payment success (desktop, pl, light)');
    expect(await serverBalance(page)).toBe(after);

    // A failure on the payment page: it says so, and nothing is added.
    const failedOrderId = await startCheckout(journey, page);
    await page.getByRole('button', { name: 'Odrzuć płatność (symulowane niepowodzenie)' }).click();
    await page.getByRole('heading', { name: 'Płatność nieudana' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Płatność nieudana — nie dodano kredytów.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment/mock-process');
    await expectNoAxeViolations(page, 'mock payment failed (pl, light)');
    // Where Tpay sends a person back after an error, with that order: a screen of its own, checked too.
    await page.goto(journey.url(`/payment/failure?orderId=${encodeURIComponent(failedOrderId)}`));
    await page.getByRole('heading', { level: 1, name: 'Płatność nie została zrealizowana' }).waitFor();
    await page.getByRole('region', { name: 'Płatność nie została zrealizowana' }).waitFor();
    await expectNoAxeViolations(page, 'payment failure (pl, light)');

    // The simulator's failure on /buy-credits says the same, and nothing is added either.
    await page.goto(journey.url('/buy-credits'));
    await choosePackage(page);
    await page.getByRole('button', { name: 'Symuluj niepowodzenie' }).click();
    await page.getByRole('alert').filter({ hasText: 'Płatność nieudana — nie dodano kredytów.' }).waitFor();

    expect(await serverBalance(page)).toBe(after);
    await expectBadgeCredits(page, after);

    // /billing's order history: the paid order with the data for an invoice, the failed one without.
    await page.goto(journey.url('/billing'));
    const orders = page.getByRole('region', { name: 'Zamówienia' });
    const table = orders.getByRole('table', { name: 'Twoje zamówienia, od najnowszych' });
    const paidRow = table.locator(`tr[data-order-id="${orderId}"]`);
    await paidRow.getByText('Opłacone', { exact: true }).waitFor();
    await table.locator(`tr[data-order-id="${failedOrderId}"]`).getByText('Nieudane', { exact: true }).waitFor();
    expect(await table.locator(`tr[data-order-id="${failedOrderId}"]`).getByText('Dane do faktury').count()).toBe(0);
    await paidRow.getByText('Dane do faktury').click();
    await paidRow.getByText(orderId, { exact: true }).waitFor();
    await paidRow.getByText('Zapłacona kwota (brutto)').waitFor();
    await expectNoAxeViolations(page, 'credit history with the order history (pl, light)');
    journey.expectNoPageErrors(page);
  });

  journey.test(
    'the open dashboard shows a job moving and the balance growing, without a reload',
    async () => {
      const page = await journey.newPage();
      await journey.signIn(page, freshEmail('live-dashboard'));
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      const active = await liveActiveJobs(page);
      const before = await knownBadgeCredits(page);
      await markDocument(page);
      await recordJobCards(page);

      // Started elsewhere (the API, with this browser's session): the dashboard learns of it live.
      const job = await createJobThroughApi(page, { prompt: 'Tramwaj na rynku jesienią', quality: 'Standard' });
      const card = active.locator(`li[data-job-id="${job.id}"]`);
      await card.waitFor();
      const bar = card.getByRole('progressbar');
      const first = await bar.getAttribute('aria-valuenow');
      await eventually(
        'the progress bar moves',
        () => bar.getAttribute('aria-valuenow'),
        (now) => now !== null && now !== first,
        RENDER_TIMEOUT_MS,
      );
      // Completed: it leaves the active list and is among the recent completions.
      await card.waitFor({ state: 'detached', timeout: RENDER_TIMEOUT_MS });
      const seen = await recordedCards(page, job.id);
      expect(statusesOf(seen)).toContain('Generowanie');
      const values = new Set(seen.map((s) => s.progress).filter((p) => p !== null));
      expect(values.size).toBeGreaterThanOrEqual(2);
      await expectBadgeCredits(page, before - job.cost);

      // A purchase completed elsewhere: the badge grows by the package on this open page.
      const charged = (await badgeCredits(page)) as number;
      await buyThroughApi(page, PACKAGE.id, 'success');
      await expectBadgeCredits(page, charged + PACKAGE.credits);
      expect(await documentStillMarked(page)).toBe(true);
      journey.expectNoPageErrors(page);
    },
    150_000,
  );

  journey.test(
    'cancels a queued and a running job from the dashboard: both leave, and the badge returns to the exact balance',
    async () => {
      const page = await journey.newPage();
      await journey.signIn(page, freshEmail('canceller'));
      const active = await liveActiveJobs(page);
      const before = await knownBadgeCredits(page);

      // The test model's "Ultra Fast" render hangs: it keeps the only render slot, so the next job waits in the queue.
      const running = await createJobThroughApi(page, {
        prompt: 'Zegar, który nigdy nie skończy',
        modelId: 'faulty-test',
        speed: 'Ultra Fast',
      });
      const queued = await createJobThroughApi(page, { prompt: 'Kolejka przed piekarnią', quality: 'Lite' });
      for (const job of [queued, running]) await active.locator(`li[data-job-id="${job.id}"]`).waitFor();
      await jobReaches(page, running.id, ['PROCESSING'], 30_000);
      expect(await jobReaches(page, queued.id, ['PENDING'], 5_000)).toBe('PENDING');

      for (const [job, prompt] of [
        [queued, 'Kolejka przed piekarnią'],
        [running, 'Zegar, który nigdy nie skończy'],
      ] as const) {
        const card = active.locator(`li[data-job-id="${job.id}"]`);
        await card.getByRole('button', { name: `Anuluj generowanie „${prompt}”` }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Anulować generowanie?' });
        await dialog.waitFor();
        if (job === queued) await expectNoAxeViolations(page, 'cancel dialog (pl, light)');
        await dialog.getByRole('button', { name: 'Anuluj generowanie' }).click();
        await page.getByText('Anulowano. Kredyty wróciły na Twoje konto.').first().waitFor();
        await card.waitFor({ state: 'detached' });
        expect(await jobReaches(page, job.id, ['CANCELLED'], 10_000)).toBe('CANCELLED');
      }

      // Both holds released: the badge and commerce show the balance from before the two jobs, nothing held.
      await expectBadgeCredits(page, before);
      const credits = await callApi<{ data: { balance: number; heldCredits: number } }>(
        page,
        'GET',
        '/bff/platform/api/commerce/credits',
      );
      expect(credits.body.data).toMatchObject({ balance: before, heldCredits: 0 });
      // The job's own page: its receipt from commerce's ledger says why the credits came back.
      await page.goto(journey.url(`/jobs/${queued.id}`));
      await page.getByRole('heading', { level: 1, name: 'Kolejka przed piekarnią' }).waitFor();
      const receipt = page.getByRole('region', { name: 'Rozliczenie' });
      await receipt.getByText(/^Zwrócono .+: anulowane przez Ciebie$/).waitFor();
      await receipt.getByText(`Saldo po: ${before}`, { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'job page, cancelled (pl, light)');

      // Cancelling again is harmless; the finished job cannot come back.
      const again = await callApi<{ data: { status: string } }>(page, 'POST', `/bff/platform/jobs/${queued.id}/cancel`);
      expect(again.status).toBe(200);
      expect(again.body.data.status).toBe('CANCELLED');
      await expectBadgeCredits(page, before);
      journey.expectNoPageErrors(page);
    },
    120_000,
  );

  journey.test(
    "a job the provider fails shows its refund on /billing with the reason, and the balance there is the badge's",
    async () => {
      const page = await journey.newPage();
      await journey.signIn(page, freshEmail('refunded'));
      const before = await knownBadgeCredits(page);
      // The test model's "Normalna" speed fails at once with the provider's error.
      const job = await createJobThroughApi(page, { prompt: 'Film, który się nie uda', modelId: 'faulty-test' });
      expect(await jobReaches(page, job.id, ['FAILED'], 30_000)).toBe('FAILED');
      await expectBadgeCredits(page, before);

      await page.goto(journey.url('/billing'));
      await page.getByRole('heading', { level: 1, name: 'Historia kredytów' }).waitFor();
      const table = page.getByRole('table', { name: 'Historia kredytów, od najnowszych' });
      await eventually(
        'the release is on the ledger',
        () => table.getByRole('rowheader').allInnerTexts(),
        (texts) => texts.some((text) => text.includes('Zwrot: błąd po stronie dostawcy')),
        15_000,
      );
      const refund = table.getByRole('row').filter({ hasText: 'Zwrot: błąd po stronie dostawcy' });
      await refund.getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname === `/jobs/${job.id}`);
      await page
        .getByRole('region', { name: 'Rozliczenie' })
        .getByText(/błąd po stronie dostawcy/)
        .waitFor();

      await page.goto(journey.url('/billing'));
      const summary = page.getByTestId('billing-balance');
      await summary.waitFor();
      expect(numberIn(await summary.innerText())).toBe(before);
      await expectNoAxeViolations(page, 'credit history (pl, light)');
      journey.expectNoPageErrors(page);
    },
    90_000,
  );
});
