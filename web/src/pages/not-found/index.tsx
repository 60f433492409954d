import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMessages } from '../../i18n/use-messages';
import { homePath } from '../../layout/nav-items';
import { useSession } from '../../session/session-store';
import { Button, ButtonLink } from '../../ui';
import { StatusMessage } from '../public-shared/StatusMessage';
import { useCanGoBack } from '../public-shared/use-can-go-back';
import { notFoundMessages } from './messages';

/** `*`: any address the app does not know. */
export default function NotFoundPage() {
  const { t } = useMessages('notFound', notFoundMessages);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const signedIn = useSession((state) => state.status === 'authenticated');

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <StatusMessage
      code="404"
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
      <p>{t('text', { path: pathname })}</p>
    </StatusMessage>
  );
}
