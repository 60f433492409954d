import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';

/**
 * "Loading…" while a page's code arrives (spec §2). It is the page's level-one heading meanwhile (looking like
 * the line it always was): a page is never without one, not even for that moment (axe page-has-heading-one).
 * `main`: outside the shell (the public pages) it is the main landmark too; inside, the shell's `<main>` holds it.
 */
export function PageLoading({ main = false }: { main?: boolean }) {
  const { t } = useMessages('common', commonMessages);
  const status = (
    <div role="status" aria-live="polite" className="app-page-loading">
      <h1 className="app-status-heading">{t('app.loading')}</h1>
    </div>
  );
  return main ? <main>{status}</main> : status;
}
