/**
 * `describeJourney(title, body)`: one journey file's frame. Before its tests it starts the
 * embedded stack (stack.ts) and Chromium (browser.ts); after them it stops both. With
 * `{ target: { baseUrl } }` it drives a product that is already running there instead (the
 * docker compose stack, e2e/compose/) and starts only Chromium. Tests written
 * with `journey.test` get a fresh browser context per page they open, failure screenshots, and
 * the page's problems (uncaught errors, CSP violations, 5xx answers) in the failure message.
 *
 * Without Chromium the journey is skipped with one line saying why — or, with CI=true, fails:
 * CI never skips a journey (the real-server suites' rule, packages/tooling/src/real-servers.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumMissingReason, contextOptions, launchChromium, type JourneyContextOptions } from './browser';
import { ScreenshotAlbum } from './screenshots';
import { signIn, type SignInOptions, type Who } from './sign-in';
import { startE2eStack, type E2eStack, type StartE2eStackOptions } from './stack';

export interface PageProblems {
  /** Uncaught exceptions in the page. */
  uncaught: string[];
  /** Console messages about Content-Security-Policy violations. */
  csp: string[];
  /** Every other console error (a 401 while signed out shows here too: informational). */
  consoleErrors: string[];
  /** Answers with status 500 or more. */
  serverErrors: string[];
  /** Answers with status 400–499 (informational: a 401 while signed out is expected). */
  clientErrors: string[];
}

/** How a person signs in on the product at `baseUrl` (sign-in.ts's `signIn` is the embedded stack's way). */
export type SignInFunction = (page: Page, baseUrl: string, who: Who, options?: SignInOptions) => Promise<void>;

/** A product already running somewhere (e.g. the docker compose stack): the journey starts no stack. */
export interface JourneyTarget {
  /** Where the browser goes, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** How people sign in there; default: the development identity provider's page. */
  signIn?: SignInFunction;
}

export interface JourneyOptions {
  /** Variables for the embedded stack. */
  stack?: StartE2eStackOptions;
  /** Drive this running product instead of starting the embedded stack. */
  target?: JourneyTarget;
}

export interface Journey {
  /** The embedded stack (throws for a journey against a `target`: there is none). */
  readonly stack: E2eStack;
  /** Where the browser goes: the embedded stack's gateway or the target's URL. */
  readonly baseUrl: string;
  readonly browser: Browser;
  /** `baseUrl` + a path. */
  url(pathname: string): string;
  /** A page in a new context (own cookies and storage) with this viewport, colour scheme and locale. */
  newPage(options?: JourneyContextOptions): Promise<Page>;
  signIn(page: Page, who: Who, options?: SignInOptions): Promise<void>;
  /** A full-page PNG in e2e/artifacts/<journey>/ with a manifest entry. */
  screenshot(page: Page, name: string): Promise<string>;
  problemsOf(page: Page): PageProblems;
  /** Fails naming them when the page had uncaught errors, CSP violations or 5xx answers. */
  expectNoPageErrors(page: Page): void;
  /** `it`, plus screenshots of every open page and their problems when it fails. */
  test(name: string, body: () => Promise<void>, timeoutMs?: number): void;
}

const CSP_MESSAGE = /Content Security Policy/i;

export function describeJourney(title: string, body: (journey: Journey) => void, options: JourneyOptions = {}): void {
  const missing = chromiumMissingReason();
  if (missing) {
    if (process.env.CI === 'true') {
      describe(title, () => {
        it('has Chromium', () => {
          throw new Error(`the ${title} journey must run in CI, but ${missing}`);
        });
      });
    } else {
      describe.skip(`${title} (skipped: ${missing})`, () => {
        it('runs in Chromium', () => undefined);
      });
    }
    return;
  }

  const { target } = options;
  describe(title, () => {
    let stack: E2eStack | undefined;
    let browser: Browser | undefined;
    const album = new ScreenshotAlbum(title);
    const contexts: BrowserContext[] = [];
    const problems = new WeakMap<Page, PageProblems>();

    const started = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new Error(`the journey's ${what} did not start (see beforeAll)`);
      return value;
    };

    const watch = (page: Page) => {
      const found: PageProblems = { uncaught: [], csp: [], consoleErrors: [], serverErrors: [], clientErrors: [] };
      problems.set(page, found);
      page.on('pageerror', (error) => found.uncaught.push(error.stack ?? error.message));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        (CSP_MESSAGE.test(message.text()) ? found.csp : found.consoleErrors).push(message.text());
      });
      page.on('response', (response) => {
        const status = response.status();
        if (status >= 500) found.serverErrors.push(`${status} ${response.request().method()} ${response.url()}`);
        else if (status >= 400) found.clientErrors.push(`${status} ${response.request().method()} ${response.url()}`);
      });
    };

    const openPages = () => contexts.flatMap((context) => context.pages());

    const journey: Journey = {
      get stack() {
        if (target) throw new Error(`the ${title} journey drives ${target.baseUrl}: it has no embedded stack`);
        return started(stack, 'stack');
      },
      get baseUrl() {
        return target ? target.baseUrl : journey.stack.baseUrl;
      },
      get browser() {
        return started(browser, 'browser');
      },
      url: (pathname) => new URL(pathname, journey.baseUrl).href,
      async newPage(pageOptions) {
        const context = await journey.browser.newContext(contextOptions(pageOptions));
        contexts.push(context);
        context.setDefaultTimeout(15_000);
        context.setDefaultNavigationTimeout(30_000);
        const page = await context.newPage();
        watch(page);
        return page;
      },
      signIn: (page, who, signInOptions) => (target?.signIn ?? signIn)(page, journey.baseUrl, who, signInOptions),
      screenshot: (page, name) => album.take(page, name),
      problemsOf: (page) =>
        problems.get(page) ?? { uncaught: [], csp: [], consoleErrors: [], serverErrors: [], clientErrors: [] },
      expectNoPageErrors(page) {
        const { uncaught, csp, serverErrors } = journey.problemsOf(page);
        expect({ uncaught, csp, serverErrors }).toEqual({ uncaught: [], csp: [], serverErrors: [] });
      },
      test(name, run, timeoutMs) {
        it(
          name,
          async () => {
            try {
              await run();
            } catch (error) {
              const notes: string[] = [];
              for (const [index, page] of openPages().entries()) {
                const shot = await album.take(page, `failed ${name} ${index + 1}`).catch(() => undefined);
                notes.push(`page ${index + 1} at ${page.url()}${shot ? `, screenshot ${shot}` : ''}`);
                notes.push(`  problems: ${JSON.stringify(journey.problemsOf(page))}`);
              }
              // jest prints the stack, which starts with the message: the notes go right after it.
              if (error instanceof Error && error.stack && notes.length) {
                error.stack = error.stack.replace(error.message, `${error.message}\n\n${notes.join('\n')}\n`);
              }
              throw error;
            }
          },
          timeoutMs,
        );
      },
    };

    beforeAll(async () => {
      album.reset();
      if (!target) stack = await startE2eStack(options.stack);
      browser = await launchChromium();
    }, 180_000);

    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
    });

    afterAll(async () => {
      await browser?.close();
      await stack?.stop();
    }, 60_000);

    body(journey);
  });
}
