import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';

/** "Loading…" while a page's code arrives (spec §2). */
export function PageLoading() {
  const { t } = useMessages('common', commonMessages);
  return (
    <p role="status" aria-live="polite" className="app-page-loading">
      {t('app.loading')}
    </p>
  );
}
