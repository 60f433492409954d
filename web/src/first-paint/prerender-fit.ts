import type { Language } from '../config/constants';

/**
 * Whether the markup in `#root` was prerendered for this visitor (landing.html, made at build time in
 * the default language for a signed-out visitor at `/`): then the app hydrates it. Only the language
 * decides. A signed-in hint or a stored theme do not: the components read them from zustand stores,
 * whose first render during hydration uses the stores' initial state (the state the prerender had), and
 * they switch right after — the header's "Sign in" becomes "Dashboard" a moment after the page shows.
 * `prerender-boot.js` (inline in landing.html) makes the same decision before the markup is parsed, and hides it when it
 * does not fit.
 */
export function prerenderFits(container: HTMLElement, language: Language, pathname: string): boolean {
  return container.dataset.prerendered === language && pathname === '/';
}

/** True when `#root` holds prerendered markup at all. */
export function hasPrerender(container: HTMLElement): boolean {
  return container.dataset.prerendered !== undefined;
}

/** Drops markup that does not fit, so the app renders into an empty `#root` as it does on every other page. */
export function discardPrerender(container: HTMLElement): void {
  container.replaceChildren();
  delete container.dataset.prerendered;
  delete document.documentElement.dataset.prerender;
}
