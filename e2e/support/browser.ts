/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). `launch()` gives the
 * browser a fresh temporary profile (user-data-dir) that Playwright deletes on close; every test
 * then opens its own context (cookies, storage, viewport, colour scheme).
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of the infrastructure notes; Playwright adds `--headless` and its own automation flags. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Why journeys cannot run here, or undefined when Chromium is there. */
export function chromiumMissingReason(): string | undefined {
  try {
    fs.accessSync(CHROMIUM_PATH, fs.constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${CHROMIUM_PATH} (bash tools/infra/install-prereqs.sh installs Debian's chromium)`;
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

export interface JourneyContextOptions {
  viewport?: ViewportName;
  colorScheme?: 'light' | 'dark';
  /** The browser's language (navigator.language, Accept-Language); Polish by default, like the product. */
  locale?: string;
}

export function contextOptions(options: JourneyContextOptions = {}): BrowserContextOptions {
  const viewport = VIEWPORTS[options.viewport ?? 'desktop'];
  return {
    viewport,
    screen: viewport,
    isMobile: false,
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    reducedMotion: 'reduce',
  };
}
