import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMessages } from '../i18n/use-messages';
import { Banners } from '../layout/Banners';
import { Sidebar } from '../layout/Sidebar';
import { TopBar } from '../layout/TopBar';
import { Toaster } from '../notifications/Toaster';
import { appMessages } from './messages';
import { PageLoading } from './PageLoading';
import './app-shell.css';

/** The frame of every route inside the session wrapper: top bar, banners, sidebar, the page, toasts. */
export function AppShell() {
  const { t } = useMessages('app', appMessages);
  return (
    <div className="app-shell">
      <a className="app-skip-link" href="#app-main">
        {t('skipToContent')}
      </a>
      <TopBar />
      <Banners />
      <div className="app-shell-body">
        <Sidebar />
        <main id="app-main" className="app-shell-main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Toaster />
    </div>
  );
}
