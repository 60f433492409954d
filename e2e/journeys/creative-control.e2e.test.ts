/**
 * Issue 21's journey: a person buys the Pro plan and credits (mock provider), starts a 9:16 video from
 * an uploaded image — its first frame is the image (SSIM ≥ 0.9 against the upload filling the frame) —
 * remixes it with the same seed and gets the identical video, upscales it to 1080×1920, shares it — the link
 * opens signed out in a fresh browser context with its link-preview tags in the first response — revokes the
 * link (the page, video and thumbnail answer 404 at once), and deletes the video: gone from the gallery and
 * from storage. Polish (the default), desktop, light.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { firstFrameSsim } from '../../services/jobs/test/helpers/first-frame-ssim';
import { buyThroughApi, callApi, imageLoaded, jobReaches, screenshotFromTop, videoFacts } from '../support/app-pages';
import { expectNoAxeViolations } from '../support/axe';
import { describeJourney, eventually, freshEmail, type Journey } from '../support';

const run = promisify(execFile);
const RENDER_TIMEOUT_MS = 120_000;
const SEED = '4242';

describeJourney('creative control', (journey: Journey) => {
  let workDir: string;
  let imagePath: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-e2e-creative-'));
    imagePath = path.join(workDir, 'start.png');
    // A landscape picture with detail everywhere: the 9:16 frame crops its middle, SSIM has edges to compare.
    await run('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1280x720',
      '-frames:v',
      '1',
      imagePath,
    ]);
  });
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  /** The job's video as the owner's browser gets it (`/video/{id}`), saved for ffmpeg. */
  async function downloadVideo(page: Page, jobId: string, name: string): Promise<string> {
    const answer = await page.request.get(journey.url(`/video/${jobId}`));
    expect(answer.status()).toBe(200);
    const file = path.join(workDir, `${name}.mp4`);
    fs.writeFileSync(file, await answer.body());
    return file;
  }
  const md5 = (file: string) => createHash('md5').update(fs.readFileSync(file)).digest('hex');
  const frameOf = async (file: string) => {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      file,
    ]);
    return stdout.trim();
  };

  /** Submits the generator as it is and returns the new job's id (from the card of this page). */
  async function generateFromForm(page: Page): Promise<string> {
    const started = page.getByRole('list', { name: 'Filmy uruchomione na tej stronie' }).getByRole('listitem');
    const before = await started.count();
    await page.getByRole('button', { name: 'Generuj film', exact: true }).click();
    await eventually(
      'a new card is on the page',
      () => started.count(),
      (count) => count > before,
    );
    const jobId = await started.first().getAttribute('data-job-id');
    expect(jobId).toBeTruthy();
    return jobId!;
  }

  journey.test(
    'Pro plan, image → 9:16 video starting on the image, the same seed again, upscale to 1080×1920, share, revoke, delete',
    async () => {
      const page = await journey.newPage();
      await journey.signIn(page, freshEmail('creative'));
      const plan = await callApi<{ data: { orderId: string } }>(
        page,
        'POST',
        '/bff/platform/api/commerce/payment/create-order',
        {
          planId: 'pro',
        },
      );
      expect(plan.status).toBeLessThan(300);
      const paid = await callApi(page, 'POST', '/bff/platform/api/commerce/payment/mock-process', {
        orderId: plan.body.data.orderId,
        outcome: 'success',
      });
      expect(paid.status).toBe(200);
      await buyThroughApi(page, 'credits-100', 'success');
      const session = await callApi<{ user: { id: string } }>(page, 'GET', '/auth/session');
      const userId = session.body.user.id;

      // The generator: prompt, the built-in model, 5 s Standard 9:16, a seed, and the start image.
      await page.goto(journey.url('/generate'));
      await page.getByRole('heading', { level: 1, name: 'Wygeneruj film' }).waitFor();
      await page.getByRole('textbox', { name: /^Opis \(prompt\)/ }).fill('Powolny najazd kamery na obraz testowy');
      await page.getByRole('radio', { name: /^Kadr Motion/ }).check();
      await page.getByRole('radio', { name: '5 s', exact: true }).check();
      await page.getByRole('radio', { name: /^Standardowa/ }).check();
      await page.getByRole('radio', { name: /^9:16/ }).check();
      await page.getByRole('textbox', { name: /^Ziarno/ }).fill(SEED);
      await page.getByLabel('Obraz początkowy (opcjonalnie)').setInputFiles(imagePath);
      await page.getByText('Film zacznie się od tego obrazu.').waitFor();
      await screenshotFromTop(journey, page, 'generator with a start image (desktop, pl, light)');
      await expectNoAxeViolations(page, 'generator with a start image (pl, light)');

      const firstId = await generateFromForm(page);
      await jobReaches(page, firstId, ['COMPLETED'], RENDER_TIMEOUT_MS);
      const first = await downloadVideo(page, firstId, 'first');
      expect(await frameOf(first)).toBe('720,1280');
      expect(await firstFrameSsim(first, imagePath, 720, 1280)).toBeGreaterThanOrEqual(0.9);

      // Its page shows the start image next to the result, and the seed.
      await page.goto(journey.url(`/jobs/${firstId}`));
      const startImage = page.getByRole('img', { name: /^Obraz, od którego zaczyna się/ });
      await startImage.waitFor();
      expect(await startImage.getAttribute('src')).toBe(`/start-images/${firstId}`);
      await eventually(
        'the start image has loaded',
        () => imageLoaded(startImage),
        (loaded) => loaded,
      );
      await page.getByText(SEED, { exact: true }).waitFor();
      await screenshotFromTop(journey, page, 'job page of an image-to-video job (desktop, pl, light)');
      await expectNoAxeViolations(page, 'job page of an image-to-video job (pl, light)');

      // "Use these settings": the generator filled in, the same start image, the same seed → the same video.
      await page.getByRole('link', { name: /^Użyj tych ustawień/ }).click();
      await page.waitForURL((url) => url.pathname === '/generate' && url.searchParams.has('remix'));
      await eventually(
        'the seed is filled in',
        () => page.getByRole('textbox', { name: /^Ziarno/ }).inputValue(),
        (value) => value === SEED,
      );
      expect(await page.getByRole('img', { name: 'Wybrany obraz początkowy' }).getAttribute('src')).toBe(
        `/start-images/${firstId}`,
      );
      const remixId = await generateFromForm(page);
      await jobReaches(page, remixId, ['COMPLETED'], RENDER_TIMEOUT_MS);
      const remix = await downloadVideo(page, remixId, 'remix');
      expect(md5(remix)).toBe(md5(first));

      // Upscale the first video: 9:16 Standard → Pro 1080×1920, price shown, asked first.
      await page.goto(journey.url(`/jobs/${firstId}`));
      await page.getByRole('button', { name: /^Powiększ do 1080×1920 — / }).click();
      const confirm = page.getByRole('alertdialog', { name: /^Powiększyć ten film do 1080×1920/ });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: /^Powiększ za / }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/jobs/') && !url.pathname.endsWith(firstId));
      const upscaleId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      await jobReaches(page, upscaleId, ['COMPLETED'], RENDER_TIMEOUT_MS);
      const upscaled = await downloadVideo(page, upscaleId, 'upscaled');
      expect(await frameOf(upscaled)).toBe('1080,1920');

      // Share the first video: the link opens signed out, in a fresh browser context, with its preview tags.
      await page.goto(journey.url(`/jobs/${firstId}`));
      const share = page.getByRole('region', { name: 'Udostępnianie' });
      await share.getByLabel('Etykieta (widzisz ją tylko Ty)').fill('Dla znajomych');
      await share.getByRole('button', { name: 'Utwórz link' }).click();
      const openLink = share.getByRole('link', { name: 'Otwórz link „Dla znajomych”' });
      await openLink.waitFor();
      const sharePath = (await openLink.getAttribute('href'))!;
      expect(sharePath).toMatch(/^\/v\/[A-Za-z0-9_-]{43}$/);
      await expectNoAxeViolations(page, 'job page with a share link (pl, light)');

      const visitor = await journey.newPage();
      const landing = await visitor.goto(journey.url(sharePath));
      expect(landing?.status()).toBe(200);
      // The first response has the tags: link previews run no script.
      const html = await landing!.text();
      const tag = (key: string) =>
        new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)">`).exec(html)?.[1];
      expect(tag('og:type')).toBe('video.other');
      expect(tag('og:title')).toBe('Powolny najazd kamery na obraz testowy');
      expect(tag('og:image')).toBe(journey.url(`${sharePath}/thumbnail`));
      expect(tag('og:video')).toBe(journey.url(`${sharePath}/video`));
      expect(tag('og:video:width')).toBe('720');
      expect(tag('og:video:height')).toBe('1280');
      expect(tag('twitter:card')).toBe('summary_large_image');
      expect(tag('robots')).toBe('noindex');
      expect((await visitor.request.get(journey.url(`${sharePath}/thumbnail`))).status()).toBe(200);
      const played = await eventually(
        'the shared video can play signed out',
        () => videoFacts(visitor.locator('video')),
        (f) => f.readyState >= 2 || f.error !== null,
        20_000,
      );
      expect(played.error).toBeNull();
      await screenshotFromTop(journey, visitor, 'shared video page, signed out (desktop)');

      // Revoke: the page and every media URL behind it answer 404 at once.
      await share.getByRole('button', { name: 'Unieważnij link „Dla znajomych”' }).click();
      const revokeDialog = page.getByRole('alertdialog', { name: 'Unieważnić ten link?' });
      await revokeDialog.waitFor();
      await revokeDialog.getByRole('button', { name: 'Unieważnij link' }).click();
      await revokeDialog.waitFor({ state: 'detached' });
      for (const suffix of ['', '/video', '/thumbnail']) {
        expect({ suffix, status: (await visitor.request.get(journey.url(`${sharePath}${suffix}`))).status() }).toEqual({
          suffix,
          status: 404,
        });
      }
      expect((await visitor.reload())?.status()).toBe(404);
      journey.expectNoPageErrors(page);

      // Delete the first video from the gallery: gone from the list and from storage.
      await page.goto(journey.url('/gallery'));
      const card = page.getByRole('list', { name: 'Filmy' }).locator(`li[data-job-id="${firstId}"]`);
      await card.waitFor();
      await card.getByRole('button', { name: /^Usuń film z / }).click();
      const deleteDialog = page.getByRole('alertdialog', { name: 'Usunąć ten film?' });
      await deleteDialog.waitFor();
      await deleteDialog.getByRole('button', { name: 'Usuń film' }).click();
      await card.waitFor({ state: 'detached' });
      const jobFolder = path.join(journey.stack.dataDir, 'media-blobs', 'objects', 'users', userId, 'jobs', firstId);
      await eventually(
        "the job's files are gone from storage",
        () => Promise.resolve(fs.existsSync(jobFolder)),
        (exists) => !exists,
        30_000,
      );
      expect((await page.request.get(journey.url(`/video/${firstId}`))).status()).toBe(404);
      journey.expectNoPageErrors(page);
    },
    480_000,
  );
});
