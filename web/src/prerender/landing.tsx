import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from '../app/AppRoot';
import { routes } from '../app/router';
import { DEFAULT_LANGUAGE, type Language } from '../config/constants';
import { i18n, initI18n } from '../i18n/i18n';
import { createQueryClient } from '../query/query-client';

export interface PrerenderedLanding {
  /** The markup of `#root`, to be hydrated by main.tsx. */
  html: string;
  /** The landing page's document title (the page sets it in an effect, which a prerender does not run). */
  title: string;
  language: Language;
}

/**
 * The landing page as a signed-out visitor in the default language first sees it, rendered at build
 * time (web/scripts/prerender-landing.ts loads this module through Vite). The tree is the app's own
 * (`AppRoot`, the app's routes) at `/`, so the browser can hydrate it instead of painting it again.
 * `prerender` waits for the lazily loaded page, so the markup is the page, not its loading state.
 * What differs per visitor (the signed-in hint, a stored language) is decided in the browser: a
 * visitor the markup does not fit gets the app rendered afresh (src/prerender/prerender-fit.ts).
 */
export async function prerenderLanding(): Promise<PrerenderedLanding> {
  const language = DEFAULT_LANGUAGE;
  initI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const { prelude } = await prerender(<AppRoot queryClient={createQueryClient()} router={router} />);
  const html = await new Response(prelude).text();
  return { html, title: i18n.t('documentTitle', { ns: 'landing', lng: language }), language };
}
