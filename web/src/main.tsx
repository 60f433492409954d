import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startBackgroundServices } from './app/background-services';
import { persistLanguageChanges, readPersistedLanguage } from './app/language-persistence';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadRoute } from './app/router';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { initI18n } from './i18n/i18n';
import { bindQueryPersistence } from './query/persistence';
import { createQueryClient } from './query/query-client';
import { startThemeSync } from './theme/theme';
import './styles/tokens.css';
import './styles/base.css';
// The primitives' styles load with the shell: its own modules import primitives one by one (not through
// the ui/ barrel, which would pull every primitive — dialogs included — into the initial JavaScript).
import './ui/ui.css';

// The opening page's chunk first, so it downloads while everything below runs and the session is checked.
void preloadRoute(window.location.pathname);

// Order matters: strings and theme before the first paint, the cache before anything fetches.
initI18n(readPersistedLanguage());
persistLanguageChanges();
startThemeSync();

const queryClient = createQueryClient();
bindQueryPersistence(queryClient);
startBackgroundServices({ queryClient });

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary name="root">
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  </StrictMode>,
);
