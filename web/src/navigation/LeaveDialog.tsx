import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { buttonClassName } from '../ui/Button';
import { useLeaveGuard, type LeaveGuardState } from './useLeaveGuard';

export interface LeaveDialogProps {
  guard: LeaveGuardState;
}

/**
 * Spec §2: "Leave this page?" with Leave and Stay. Focus starts on Stay (keeping the work is the
 * safe default) and Escape means Stay.
 */
export function LeaveDialog({ guard }: LeaveDialogProps) {
  const { t } = useMessages('common', commonMessages);
  return (
    // Each way out calls exactly one of stay/leave (the open state follows the blocker, not Radix).
    <AlertDialog.Root open={guard.blocked}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-overlay" />
        <AlertDialog.Content className="ui-modal ui-modal--sm" onEscapeKeyDown={guard.stay}>
          <AlertDialog.Title className="ui-modal__title">{t('leave.title')}</AlertDialog.Title>
          <AlertDialog.Description className="ui-modal__description">{t('leave.description')}</AlertDialog.Description>
          <div className="ui-modal__footer">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'secondary' })} onClick={guard.stay}>
              <span className="ui-button__label">{t('leave.stay')}</span>
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClassName({ variant: 'danger' })} onClick={guard.leave}>
              <span className="ui-button__label">{t('leave.leave')}</span>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The guard and its dialog in one: `<LeaveGuard when={form.isDirty} />` anywhere in a page. */
export function LeaveGuard({ when }: { when: boolean }) {
  const guard = useLeaveGuard(when);
  return <LeaveDialog guard={guard} />;
}
