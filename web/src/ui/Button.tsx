import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches to the container's width (mobile forms, dialogs). */
  block?: boolean;
  /** Square button holding only an icon; give it an `aria-label`. */
  iconOnly?: boolean;
  leadingIcon?: ReactNode;
  trailingIcon?: ReactNode;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookProps {
  /** Shows a spinner, keeps the label (so the width does not jump), and blocks clicks. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClassName({
  variant = 'secondary',
  size = 'md',
  block,
  iconOnly,
  className,
}: ButtonLookProps & { className?: string | undefined }): string {
  return [
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${size}`,
    block && 'ui-button--block',
    iconOnly && 'ui-button--icon',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  iconOnly,
  leadingIcon,
  trailingIcon,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClassName({ variant, size, block, iconOnly, className })}
      // A loading button stays focusable (aria-disabled, not disabled) so focus is not lost mid-action.
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      {...rest}
      onClick={loading ? (event) => event.preventDefault() : rest.onClick}
    >
      {loading ? <Spinner size="sm" decorative className="ui-button__spinner" /> : leadingIcon}
      {children !== undefined && children !== null && <span className="ui-button__label">{children}</span>}
      {trailingIcon}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, ButtonLookProps {
  ref?: Ref<HTMLAnchorElement>;
}

/** A react-router link that looks like a button (navigation stays a link for assistive tech). */
export function ButtonLink({
  variant,
  size,
  block,
  iconOnly,
  leadingIcon,
  trailingIcon,
  className,
  children,
  ref,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link ref={ref} className={buttonClassName({ variant, size, block, iconOnly, className })} {...rest}>
      {leadingIcon}
      {children !== undefined && children !== null && <span className="ui-button__label">{children as ReactNode}</span>}
      {trailingIcon}
    </Link>
  );
}
