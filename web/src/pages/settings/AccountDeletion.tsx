import { useState } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { deleteOwnAccount } from '../../api/endpoints';
import { useMessages } from '../../i18n/use-messages';
import { leaveDeletedAccount, useSession } from '../../session/session-store';
import { Button, ConfirmDialog, Field, TextInput } from '../../ui';
import { DataAction } from './DataAction';
import { settingsMessages } from './messages';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "Delete my account": an alert dialog that asks for the account's e-mail typed again (the same
 * rule the gateway applies), then `DELETE /bff/platform/account` with a key of its own per
 * confirmation; on success the gateway has ended every session, so the app forgets this one and
 * loads the home page signed out. A refusal keeps the dialog open with the reason. The
 * administrator's account is not offered (the gateway refuses it).
 */
export function AccountDeletion() {
  const { t } = useMessages('settings', settingsMessages);
  const user = useSession((state) => state.user);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  if (!user) return null;
  if (user.roles.includes('admin')) {
    return <p className="settings-note">{t('data.delete.administrator')}</p>;
  }

  const reset = (next: boolean) => {
    setOpen(next);
    setTyped('');
    setFieldError(undefined);
    setFailure(undefined);
  };

  const confirm = async () => {
    setFailure(undefined);
    if (!sameAddress(typed, user.email)) {
      setFieldError(t('data.delete.mismatch'));
      throw new Error('the typed address is not the account’s');
    }
    setFieldError(undefined);
    try {
      await deleteOwnAccount(typed.trim(), newIdempotencyKey());
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.confirmEmail) setFieldError(t('data.delete.mismatch'));
      else if (isApiError(error) && error.status === 409) setFailure(t('data.delete.administrator'));
      else setFailure(isApiError(error) ? `${t('data.delete.failed')} ${error.message}` : t('data.delete.failed'));
      throw error;
    }
    leaveDeletedAccount();
  };

  return (
    <>
      <DataAction hint={t('data.delete.hint')}>
        {(hintId) => (
          <Button variant="danger" aria-describedby={hintId} onClick={() => reset(true)}>
            {t('data.delete.button')}
          </Button>
        )}
      </DataAction>
      <ConfirmDialog
        open={open}
        onOpenChange={reset}
        title={t('data.delete.title')}
        description={t('data.delete.body')}
        confirmLabel={t('data.delete.confirm')}
        cancelLabel={t('data.delete.cancel')}
        variant="danger"
        onConfirm={confirm}
      >
        <div className="settings-form">
          <Field label={t('data.delete.emailLabel', { email: user.email })} error={fieldError}>
            <TextInput
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setFieldError(undefined);
              }}
            />
          </Field>
          {failure && (
            <p role="alert" className="settings-error">
              {failure}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </>
  );
}
