import { useNavigate } from 'react-router';
import { homePath } from '../../layout/nav-items';
import { useSession } from '../../session/session-store';
import { Button, ButtonLink } from '../../ui';
import { useCanGoBack } from './use-can-go-back';

export interface StatusActionsProps {
  homeLabel: string;
  backLabel: string;
}

/** The ways on from a `StatusMessage`: the home page for this visitor, and Back when there is an earlier page. */
export function StatusActions({ homeLabel, backLabel }: StatusActionsProps) {
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const signedIn = useSession((state) => state.status === 'authenticated');
  return (
    <>
      <ButtonLink to={homePath(signedIn)} variant="primary">
        {homeLabel}
      </ButtonLink>
      {canGoBack && (
        <Button variant="secondary" onClick={() => void navigate(-1)}>
          {backLabel}
        </Button>
      )}
    </>
  );
}
