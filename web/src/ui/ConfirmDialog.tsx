import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { buttonClassName } from './Button';
import { Spinner } from './Spinner';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the target, e.g. `Delete user "ada@example.com"?` — never a bare "Are you sure?". */
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to "Confirm"; prefer the verb ("Delete user"). */
  confirmLabel?: ReactNode;
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode;
  /** `danger` paints the confirm button red (destructive, irreversible actions). */
  variant?: 'primary' | 'danger';
  /**
   * Runs on confirm. If it returns a promise the dialog shows a spinner and stays open until it
   * settles: closes on success, stays open on failure (the caller shows the error).
   */
  onConfirm: () => void | Promise<unknown>;
  /** Extra content between the description and the buttons (e.g. a "force" checkbox). */
  children?: ReactNode;
}

/**
 * Radix AlertDialog: focus starts on Cancel (the safe choice), Escape cancels, the backdrop does
 * not dismiss (an alert dialog asks for an explicit answer).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useMessages('common', commonMessages);
  const [pending, setPending] = useState(false);

  const confirm = async (event: { preventDefault(): void }) => {
    if (pending) return event.preventDefault();
    const outcome = onConfirm();
    if (!(outcome instanceof Promise)) return; // AlertDialog.Action closes the dialog itself.
    event.preventDefault();
    setPending(true);
    try {
      await outcome;
      onOpenChange(false);
    } catch {
      // The caller reports the failure (toast / inline); the dialog stays for another try.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-overlay" />
        <AlertDialog.Content
          className="ui-modal ui-modal--sm ui-confirm"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className="ui-modal__title">{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className="ui-modal__description">{description}</AlertDialog.Description>
          )}
          {children && <div className="ui-modal__body">{children}</div>}
          <div className="ui-modal__footer">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'secondary' })} disabled={pending}>
              <span className="ui-button__label">{cancelLabel ?? t('ui.cancel')}</span>
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClassName({ variant: variant === 'danger' ? 'danger' : 'primary' })}
              aria-busy={pending || undefined}
              aria-disabled={pending || undefined}
              onClick={(event) => void confirm(event)}
            >
              {pending && <Spinner size="sm" decorative />}
              <span className="ui-button__label">{confirmLabel ?? t('ui.confirm')}</span>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
