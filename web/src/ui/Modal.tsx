import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Visually hides the title (still the dialog's accessible name), e.g. a video player. */
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  /** Action row at the bottom (buttons). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

/**
 * A dialog on Radix Dialog: focus trapped and restored, Escape and a click on the backdrop close
 * it, a labelled close button in the corner, the title is the accessible name.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  footer,
  size = 'md',
  className,
}: ModalProps) {
  const { t } = useMessages('common', commonMessages);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          className={['ui-modal', `ui-modal--${size}`, className].filter(Boolean).join(' ')}
          // Without a description Radix warns unless told there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-modal__header">
            <Dialog.Title className={hideTitle ? 'visually-hidden' : 'ui-modal__title'}>{title}</Dialog.Title>
            <Dialog.Close className="ui-modal__close" aria-label={t('ui.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>}
          {children !== undefined && <div className="ui-modal__body">{children}</div>}
          {footer && <div className="ui-modal__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
