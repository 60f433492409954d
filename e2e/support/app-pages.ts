/**
 * What issue 9's journeys share about the product's screens: the top bar's credits badge, the
 * language listbox and theme toggle, calls to the API from inside a signed-in page (its cookies,
 * its CSRF token), and a recorder of how a job's card changes while a page stays open.
 *
 * Selectors are roles and accessible names (Polish by default, the product's first language);
 * the credits badge is found by its test id, its only stable handle besides a translated label.
 */
import type { Locator, Page } from 'playwright-core';
import { SHELL_TEXTS, type Language } from './texts';
import { eventually } from './wait';

/*
 * The functions below that run inside the page (`page.evaluate`, `locator.evaluate`) see the
 * browser's globals. This is a Node program without the DOM's types, so the little they use is
 * declared here, for this file only (a module's `declare` does not leak into the rest).
 */
interface PageElement {
  readonly textContent: string | null;
  readonly dataset: Record<string, string | undefined>;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
  closest(selectors: string): PageElement | null;
}
interface PageImage extends PageElement {
  readonly complete: boolean;
  readonly naturalWidth: number;
}
interface PageVideo extends PageElement {
  readonly readyState: number;
  readonly duration: number;
  readonly error: { message: string } | null;
}
declare const document: {
  cookie: string;
  readonly activeElement: unknown;
  readonly body: PageElement;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
};
declare const window: { scrollTo(x: number, y: number): void };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: PageElement, options: Record<string, unknown>): void;
}

/** The top bar (the page's banner landmark). */
export const topBar = (page: Page): Locator => page.getByRole('banner');

const creditsBadge = (page: Page): Locator => topBar(page).getByTestId('credits-balance');

/** The number the credits badge shows ("1 234" → 1234), or null while it shows "—". */
export async function badgeCredits(page: Page): Promise<number | null> {
  const text = (await creditsBadge(page).innerText()).replace(/[^\d-]/g, '');
  return text === '' || text === '-' ? null : Number(text);
}

/** Waits until the credits badge shows `expected`; returns it. */
export function expectBadgeCredits(page: Page, expected: number, timeoutMs = 15_000): Promise<number | null> {
  return eventually(
    `the credits badge shows ${expected}`,
    () => badgeCredits(page),
    (n) => n === expected,
    timeoutMs,
  );
}

/** Waits until the credits badge shows a number; returns it. */
export async function knownBadgeCredits(page: Page): Promise<number> {
  const value = await eventually(
    'the credits badge shows a number',
    () => badgeCredits(page),
    (n) => n !== null,
  );
  return value as number;
}

/** Digits of a text as a number ("5 kredytów" → 5); NaN when there are none. */
export const numberIn = (text: string): number => Number(text.replace(/[^\d]/g, '') || Number.NaN);

const htmlAttribute = (page: Page, name: string) => page.locator('html').getAttribute(name);

export function expectLanguage(page: Page, language: Language): Promise<string | null> {
  return eventually(
    `<html lang> is ${language}`,
    () => htmlAttribute(page, 'lang'),
    (lang) => lang === language,
  );
}

export function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<string | null> {
  return eventually(
    `<html data-theme> is ${theme}`,
    () => htmlAttribute(page, 'data-theme'),
    (t) => t === theme,
  );
}

export const themeAttribute = (page: Page) => htmlAttribute(page, 'data-theme');

/** The top bar's language listbox (a combobox) in the page's current language. */
export const languageCombobox = (page: Page, current: Language): Locator =>
  topBar(page).getByRole('combobox', { name: SHELL_TEXTS[current].language });

/** The top bar's theme toggle in the page's current language. */
export const themeToggle = (page: Page, current: Language): Locator =>
  topBar(page).getByRole('button', { name: SHELL_TEXTS[current].theme });

/** Picks a language with the mouse: open the listbox, click the option. */
export async function pickLanguageByClick(page: Page, from: Language, to: Language): Promise<void> {
  await languageCombobox(page, from).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  await listbox
    .getByRole('option', { name: to === 'en' ? SHELL_TEXTS[from].english : SHELL_TEXTS[from].polish })
    .click();
  await expectLanguage(page, to);
}

/** Picks a language with the keyboard: focus, Enter opens, arrows move to the option, Enter picks. */
export async function pickLanguageByKeyboard(page: Page, from: Language, to: Language): Promise<void> {
  const combobox = languageCombobox(page, from);
  await combobox.focus();
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const target = listbox.getByRole('option', {
    name: to === 'en' ? SHELL_TEXTS[from].english : SHELL_TEXTS[from].polish,
  });
  // The listbox opens on the current language, focused; arrows move the focus towards the target.
  await eventually(
    `the ${to} option has the focus`,
    async () => {
      const [targetIndex, focusedIndex] = await target.evaluate((element) => {
        const option = element as unknown as PageElement;
        const all = Array.from(option.closest('[role="listbox"]')?.querySelectorAll('[role="option"]') ?? []);
        return [all.indexOf(option), all.findIndex((other) => other === document.activeElement)];
      });
      if (focusedIndex >= 0 && targetIndex >= 0 && focusedIndex !== targetIndex) {
        await page.keyboard.press(targetIndex < focusedIndex ? 'ArrowUp' : 'ArrowDown');
      }
      return targetIndex >= 0 && targetIndex === focusedIndex;
    },
    (focused) => focused,
  );
  await page.keyboard.press('Enter');
  await expectLanguage(page, to);
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

let keys = 0;

/**
 * One API call made by the page itself (`fetch` in the page): the page's cookies, its CSRF token
 * from `kadr_csrf`, an Idempotency-Key on writes — what the web app sends, without its screens.
 */
export async function callApi<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  keys += 1;
  const idempotencyKey = `e2e-${process.pid}-${Date.now().toString(36)}-${keys}`;
  return page.evaluate(
    async ({ method, path, body, idempotencyKey }) => {
      const csrf = document.cookie
        .split('; ')
        .find((cookie) => cookie.startsWith('kadr_csrf='))
        ?.slice('kadr_csrf='.length);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (method !== 'GET') {
        headers['content-type'] = 'application/json';
        headers['idempotency-key'] = idempotencyKey;
        if (csrf) headers['x-csrf-token'] = decodeURIComponent(csrf);
      }
      const response = await fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the text as it came.
      }
      return { status: response.status, body: parsed };
    },
    { method, path, body, idempotencyKey },
  ) as Promise<ApiAnswer<T>>;
}

export interface CreatedJob {
  id: string;
  status: string;
  cost: number;
}

/** Starts a job (5 s unless told) as the page's user (the built-in renderer unless another model is given). */
export async function createJobThroughApi(
  page: Page,
  options: { prompt: string; modelId?: string; quality?: string; speed?: string; duration?: 5 | 10 | 15 },
): Promise<CreatedJob> {
  const answer = await callApi<CreatedJob>(page, 'POST', '/bff/platform/jobs', {
    prompt: options.prompt,
    modelId: options.modelId ?? 'kadr-motion-v1',
    duration: options.duration ?? 5,
    quality: options.quality ?? 'Lite',
    speed: options.speed ?? 'Normal',
  });
  if (answer.status !== 202)
    throw new Error(`creating a job answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Waits until the job's status, as the jobs service has it, is one of `statuses`; returns it. */
export function jobReaches(
  page: Page,
  jobId: string,
  statuses: readonly string[],
  timeoutMs = 90_000,
): Promise<string> {
  return eventually(
    `job ${jobId} is ${statuses.join(' or ')}`,
    async () =>
      (await callApi<{ data: { status: string } }>(page, 'GET', `/bff/platform/jobs/${jobId}`)).body.data.status,
    (status) => statuses.includes(status),
    timeoutMs,
  );
}

/**
 * Waits until media has recorded the job's video. Media records it from the job's `completed` event, a moment
 * after the jobs service says COMPLETED: a page opened in between lists no video yet (and, with the event
 * already past, refreshes only on its next poll).
 */
export function videoRecorded(page: Page, jobId: string, timeoutMs = 30_000): Promise<number> {
  return eventually(
    `media has the video of job ${jobId}`,
    async () => (await callApi(page, 'GET', `/bff/platform/api/media/videos/${jobId}/stream?format=json`)).status,
    (status) => status === 200,
    timeoutMs,
  );
}

/** Buys a credit package through the mock provider as the page's user: create-order, then mock-process. */
export async function buyThroughApi(page: Page, packageId: string, outcome: 'success' | 'failure'): Promise<string> {
  const created = await callApi<{ data: { orderId: string } }>(
    page,
    'POST',
    '/bff/platform/api/commerce/payment/create-order',
    { packageId },
  );
  if (created.status >= 300)
    throw new Error(`create-order answered ${created.status}: ${JSON.stringify(created.body)}`);
  const { orderId } = created.body.data;
  const settled = await callApi(page, 'POST', '/bff/platform/api/commerce/payment/mock-process', { orderId, outcome });
  if (settled.status !== 200)
    throw new Error(`mock-process answered ${settled.status}: ${JSON.stringify(settled.body)}`);
  return orderId;
}

/** The credit package the journeys buy (spec §5: 100 credits), and how its card is named (pl). */
export const CREDIT_PACKAGE_100 = { id: 'credits-100', credits: 100, name: /^100 kredytów/ } as const;

/** On /buy-credits: picks a package the way a person does, a click on its card (the radio is visually hidden). */
export async function choosePackage(page: Page, name: RegExp = CREDIT_PACKAGE_100.name): Promise<void> {
  const radio = page.getByRole('radio', { name });
  await page.locator('label').filter({ has: radio }).click();
  await eventually(
    'the package is chosen',
    () => radio.isChecked(),
    (checked) => checked,
  );
}

/** What a job's card showed at one moment. */
export interface CardSnapshot {
  /** The status badge's text. */
  status: string;
  /** The progress bar's aria-valuenow (null when the card has no bar: completed). */
  progress: number | null;
  /** The status line under the bar. */
  line: string;
}

/**
 * Records every state of the job progress cards (`[data-job-id]` with a live status badge) the page shows from now on,
 * through a MutationObserver in the page: nothing is missed between two polls, and no reload
 * happens (a reload would drop the recorder: `recordedCards` then fails).
 */
export async function recordJobCards(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Snapshot = { status: string; progress: number | null; line: string };
    const w = window as unknown as { __e2eCards?: Record<string, Snapshot[]> };
    const seen: Record<string, Snapshot[]> = {};
    w.__e2eCards = seen;
    const take = () => {
      for (const card of Array.from(document.querySelectorAll('[data-job-id]'))) {
        const id = card.dataset.jobId;
        // Job cards only (a status badge in a live region); video cards carry the job id too.
        const badge = card.querySelector('[aria-live]');
        if (!id || !badge) continue;
        const bar = card.querySelector('[role="progressbar"]');
        const now = bar?.getAttribute('aria-valuenow');
        const line = card.querySelector('.jobs-card__status');
        const snapshot: Snapshot = {
          status: (badge.textContent ?? '').trim(),
          progress: now === null || now === undefined ? null : Number(now),
          line: (line?.textContent ?? '').trim(),
        };
        const list = (seen[id] ??= []);
        const last = list.at(-1);
        if (
          !last ||
          last.status !== snapshot.status ||
          last.progress !== snapshot.progress ||
          last.line !== snapshot.line
        ) {
          list.push(snapshot);
        }
      }
    };
    take();
    new MutationObserver(take).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-valuenow', 'data-job-id'],
    });
  });
}

/** The states recorded for one job's cards so far (see `recordJobCards`). */
export async function recordedCards(page: Page, jobId: string): Promise<CardSnapshot[]> {
  const all = await page.evaluate(
    () => (window as unknown as { __e2eCards?: Record<string, CardSnapshot[]> }).__e2eCards ?? null,
  );
  if (all === null) throw new Error('no job-card recorder in this page (was it reloaded?)');
  return all[jobId] ?? [];
}

/** The job cards' recorded statuses, each once, in the order they first appeared. */
export const statusesOf = (snapshots: readonly CardSnapshot[]): string[] =>
  snapshots.map((s) => s.status).filter((status, index, all) => status !== '' && all.indexOf(status) === index);

/** Marks the document so a later check can tell it was never reloaded or replaced. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function documentStillMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}

/**
 * A full-page picture taken from the top: a page scrolled down (focus moved to a panel) would
 * otherwise show its sticky top bar in the middle of the picture, where the scroll left it.
 */
export async function screenshotFromTop(
  journey: { screenshot(page: Page, name: string): Promise<string> },
  page: Page,
  name: string,
): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return journey.screenshot(page, name);
}

/** Whether an `<img>` has loaded a picture (complete, with a width). */
export const imageLoaded = (image: Locator): Promise<boolean> =>
  image.evaluate((element) => {
    const img = element as unknown as PageImage;
    return img.complete && img.naturalWidth > 0;
  });

/** Whether the page has images and every one of them has loaded. */
export const allImagesLoaded = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const images = Array.from(document.querySelectorAll('img') as ArrayLike<PageImage>);
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
  });

export interface VideoFacts {
  readyState: number;
  duration: number;
  error: string | null;
}

/** What a `<video>` knows of its media: how far it loaded, how long it is, or its error. */
export const videoFacts = (video: Locator): Promise<VideoFacts> =>
  video.evaluate((element) => {
    const v = element as unknown as PageVideo;
    return { readyState: v.readyState, duration: v.duration, error: v.error?.message ?? null };
  });

/** The dashboard's "Jobs in progress" region, once its live stream says it is connected. */
export async function liveActiveJobs(page: Page): Promise<Locator> {
  const active = page.getByRole('region', { name: 'Zadania w toku' });
  await active
    .getByRole('status')
    .filter({ hasText: /^Na żywo/ })
    .waitFor();
  return active;
}
