import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { startBackgroundServices } from './app/background-services';
import { persistLanguageChanges, readPersistedLanguage } from './app/language-persistence';
import { createAppRouter, preloadRoute } from './app/router';
import { initI18n } from './i18n/i18n';
import { discardPrerender, hasPrerender, prerenderFits } from './first-paint/prerender-fit';
import { bindQueryPersistence } from './query/persistence';
import { createQueryClient } from './query/query-client';
import { logClientError } from './telemetry/telemetry';
import { startThemeSync } from './theme/theme';
import './styles/tokens.css';
import './styles/base.css';
// The primitives' styles load with the shell: its own modules import primitives one by one (not through
// the ui/ barrel, which would pull every primitive — dialogs included — into the initial JavaScript).
import './ui/ui.css';

// The opening page's chunk first, so it downloads while everything below runs and the session is checked.
void preloadRoute(window.location.pathname);

// Order matters: strings and theme before the first paint, the cache before anything fetches.
const language = readPersistedLanguage();
initI18n(language);
persistLanguageChanges();
startThemeSync();

const queryClient = createQueryClient();
bindQueryPersistence(queryClient);
startBackgroundServices({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = <AppRoot queryClient={queryClient} router={createAppRouter()} />;
if (prerenderFits(container, language, window.location.pathname)) {
  // landing.html: the page is on screen already; React takes over its markup instead of painting it again.
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer input between
  // them, instead of one long task on a slow phone.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => logClientError(error, { where: 'hydration' }),
    });
  });
} else {
  if (hasPrerender(container)) discardPrerender(container);
  createRoot(container).render(app);
}
