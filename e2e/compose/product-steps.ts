/**
 * Steps the compose journeys share, in the product's own screens (Polish, the product's default
 * language, as in e2e/journeys) or its API from inside a signed-in page.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  callApi,
  choosePackage,
  createJobThroughApi,
  CREDIT_PACKAGE_100,
  imageLoaded,
  jobReaches,
  videoFacts,
  type CreatedJob,
} from '../support/app-pages';
import { eventually } from '../support/wait';
import { adminJobDetail, historyText, serverCredits } from './money';

/** The package the journeys buy (credits-live's too). */
export const CREDIT_PACKAGE = CREDIT_PACKAGE_100;

/** The job card's status badge texts (pl). */
export const CARD_STATUS = { PENDING: 'W kolejce', PROCESSING: 'Generowanie', COMPLETED: 'Gotowe' } as const;

/** Whether the admin read model lists the person (`adminPage` signed in as the administrator). */
export async function adminListsUser(adminPage: Page, email: string): Promise<boolean> {
  const answer = await callApi<{ data: Array<{ email: string }> }>(
    adminPage,
    'GET',
    `/bff/platform/admin/users?q=${encodeURIComponent(email)}`,
  );
  if (answer.status !== 200)
    throw new Error(`GET admin users answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.some((user) => user.email.toLowerCase() === email.toLowerCase());
}

/**
 * Waits until none of the page user's credits are held: no job of theirs is running or queued
 * (an earlier journey's or drill's), so the next job starts at once and the balance is settled.
 */
export function noCreditsHeld(page: Page, timeoutMs = 300_000): Promise<unknown> {
  return eventually(
    'no credits are held (no job of the user still running)',
    () => serverCredits(page),
    (credits) => credits.heldCredits === 0,
    timeoutMs,
  );
}

/**
 * A job long enough to be caught while it renders: 10 s of Lite (480p) on the built-in renderer.
 * Not Standard: the worker's time-out scales with the pixels (services/jobs job-timeout.ts, 52 s
 * for 10 s of 720p), and on a loaded two-core CI machine a 720p render overran it (FAILED, timeout);
 * 480p renders in under half the time with a 40 s limit.
 */
export function startLongJob(page: Page, prompt: string): Promise<CreatedJob> {
  return createJobThroughApi(page, { prompt, quality: 'Lite', duration: 10 });
}

/** The job's status as the jobs service has it now. */
export async function jobStatus(page: Page, jobId: string): Promise<string> {
  const answer = await callApi<{ data: { status: string } }>(page, 'GET', `/bff/platform/jobs/${jobId}`);
  if (answer.status !== 200)
    throw new Error(`GET job ${jobId} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.status;
}

/**
 * Waits for COMPLETED; fails at once (naming the status) when the job failed instead. With the
 * administrator's page, a job that failed or never finished is reported with its whole history
 * (which worker claimed it when, the failure's reason), so a red run says what happened.
 */
export async function jobCompletes(page: Page, jobId: string, timeoutMs = 240_000, adminPage?: Page): Promise<void> {
  const status = await jobReaches(page, jobId, ['COMPLETED', 'FAILED'], timeoutMs).catch(async (error: unknown) => {
    throw new Error(`${String(error)}${await historyOf(adminPage, jobId)}`);
  });
  if (status !== 'COMPLETED') {
    throw new Error(`job ${jobId} ended ${status}, not COMPLETED${await historyOf(adminPage, jobId)}`);
  }
}

async function historyOf(adminPage: Page | undefined, jobId: string): Promise<string> {
  if (!adminPage) return '';
  const lines = await adminJobDetail(adminPage, jobId).then(historyText, (error: unknown) => [String(error)]);
  return `; its history:\n  ${lines.join('\n  ')}`;
}

/**
 * /buy-credits → the package → Pay → the development payment page (mock provider) → simulated
 * success → the success page. Returns the order id.
 */
export async function buyWithMockCheckout(page: Page, url: (pathname: string) => string): Promise<string> {
  await page.goto(url('/buy-credits'));
  await page.getByRole('heading', { level: 1, name: 'Kup kredyty' }).waitFor();
  await choosePackage(page);
  await page.getByRole('heading', { name: 'Płatności deweloperskie' }).waitFor();
  await page.getByRole('button', { name: /^Zapłać/ }).click();
  await page.waitForURL((u) => u.pathname === '/payment/mock-process' && u.searchParams.has('orderId'));
  await page.getByRole('heading', { level: 1, name: 'Symulator płatności' }).waitFor();
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;
  await page.getByRole('button', { name: 'Zapłać (symulowany sukces)' }).click();
  await page.waitForURL((u) => u.pathname === '/payment/success');
  await page.getByRole('heading', { level: 1, name: 'Płatność zakończona sukcesem' }).waitFor({ timeout: 60_000 });
  return orderId;
}

export interface Played {
  duration: number;
  /** The media error's message, or null. */
  error: string | null;
  /** Where the player's clock got to (≥ 1 s: it plays). */
  playedTo: number;
}

/**
 * On /gallery (the page is there): opens the job's video in the player, reads its duration once
 * the metadata is in, plays it muted (no autoplay limits) until its clock passes 1 s, closes it.
 */
export async function playInGallery(page: Page, jobId: string): Promise<Played> {
  const galleryCard = page.getByRole('list', { name: 'Filmy' }).locator(`li[data-job-id="${jobId}"]`);
  await galleryCard.waitFor({ timeout: 30_000 });
  await galleryCard.getByRole('button', { name: /^Odtwórz film z / }).click();
  const dialog = page.getByRole('dialog', { name: /^Film z / });
  await dialog.waitFor();
  const video = dialog.locator('video');
  const facts = await eventually(
    'the video has loaded its metadata',
    () => videoFacts(video),
    (f) => f.readyState >= 1 || f.error !== null,
    30_000,
  );
  if (facts.error !== null) return { duration: facts.duration, error: facts.error, playedTo: 0 };
  await video.evaluate((element) => {
    const v = element as unknown as { muted: boolean; play(): Promise<void> };
    v.muted = true;
    return v.play();
  });
  const playedTo = await eventually(
    'the video plays past 1 s',
    () => video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime),
    (time) => time >= 1,
    20_000,
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return { duration: facts.duration, error: null, playedTo };
}

/**
 * Issue 21 on the distributed stack: on /generate, a 5 s Lite 9:16 video from a start image (a PNG made
 * here with ffmpeg), uploaded by the generator itself — media's presigned POST form, the file straight to
 * the object store. Waits until the job is COMPLETED and its page shows the start image; returns the job.
 */
export async function videoFromStartImage(
  page: Page,
  url: (pathname: string) => string,
): Promise<{ id: string; cost: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-compose-start-image-'));
  try {
    const image = path.join(dir, 'start.png');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1280x720',
      '-frames:v',
      '1',
      image,
    ]);
    await page.goto(url('/generate'));
    await page.getByRole('heading', { level: 1, name: 'Wygeneruj film' }).waitFor();
    await page.getByRole('textbox', { name: /^Opis \(prompt\)/ }).fill('Najazd kamery na obraz testowy (compose)');
    await page.getByRole('radio', { name: /^Kadr Motion/ }).check();
    await page.getByRole('radio', { name: '5 s', exact: true }).check();
    await page.getByRole('radio', { name: /^Lite/ }).check();
    await page.getByRole('radio', { name: /^9:16/ }).check();
    await page.getByLabel('Obraz początkowy (opcjonalnie)').setInputFiles(image);
    await page.getByText('Film zacznie się od tego obrazu.').waitFor({ timeout: 30_000 });
    const started = page.getByRole('list', { name: 'Filmy uruchomione na tej stronie' }).getByRole('listitem');
    await page.getByRole('button', { name: 'Generuj film', exact: true }).click();
    await started.first().waitFor();
    const id = (await started.first().getAttribute('data-job-id')) as string;
    await jobCompletes(page, id);
    const job = await callApi<{ data: { cost: number; startImage: { url: string } | null } }>(
      page,
      'GET',
      `/bff/platform/jobs/${id}`,
    );
    if (!job.body.data.startImage) throw new Error(`job ${id} has no start image`);
    await page.goto(url(`/jobs/${id}`));
    const shown = page.getByRole('img', { name: /^Obraz, od którego zaczyna się/ });
    await eventually(
      'the start image is shown on the job page',
      () => imageLoaded(shown),
      (loaded) => loaded,
      30_000,
    );
    return { id, cost: job.body.data.cost };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
