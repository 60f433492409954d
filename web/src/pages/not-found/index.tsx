import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMessages } from '../../i18n/use-messages';
import { StatusActions } from '../public-shared/StatusActions';
import { StatusMessage } from '../public-shared/StatusMessage';
import { notFoundMessages } from './messages';

/** `*`: any address the app does not know. */
export default function NotFoundPage() {
  const { t } = useMessages('notFound', notFoundMessages);
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <StatusMessage
      code="404"
      title={t('title')}
      actions={<StatusActions homeLabel={t('home')} backLabel={t('back')} />}
    >
      <p>{t('text', { path: pathname })}</p>
    </StatusMessage>
  );
}
