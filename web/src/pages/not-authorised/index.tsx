import { useEffect } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { useSession } from '../../session/session-store';
import { StatusActions } from '../public-shared/StatusActions';
import { StatusMessage } from '../public-shared/StatusMessage';
import { notAuthorisedMessages } from './messages';

/** `/403`: where the guard sends a signed-in person without the role or permission a page needs. */
export default function NotAuthorisedPage() {
  const { t } = useMessages('notAuthorised', notAuthorisedMessages);
  const email = useSession((state) => state.user?.email);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <StatusMessage
      code="403"
      title={t('title')}
      actions={<StatusActions homeLabel={t('home')} backLabel={t('back')} />}
    >
      <p>{t('text')}</p>
      {email && <p>{t('signedInAs', { email })}</p>}
    </StatusMessage>
  );
}
