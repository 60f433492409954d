import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMessages } from '../../i18n/use-messages';
import { homePath } from '../../layout/nav-items';
import { useSession } from '../../session/session-store';
import { Button, ButtonLink } from '../../ui';
import { StatusMessage } from '../public-shared/StatusMessage';
import { useCanGoBack } from '../public-shared/use-can-go-back';
import { notAuthorisedMessages } from './messages';

/** `/403`: where the guard sends a signed-in person without the role or permission a page needs. */
export default function NotAuthorisedPage() {
  const { t } = useMessages('notAuthorised', notAuthorisedMessages);
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const email = useSession((state) => state.user?.email);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <StatusMessage
      code="403"
      title={t('title')}
      actions={
        <>
          <ButtonLink to={homePath(signedIn)} variant="primary">
            {t('home')}
          </ButtonLink>
          {canGoBack && (
            <Button variant="secondary" onClick={() => void navigate(-1)}>
              {t('back')}
            </Button>
          )}
        </>
      }
    >
      <p>{t('text')}</p>
      {email && <p>{t('signedInAs', { email })}</p>}
    </StatusMessage>
  );
}
