import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

/** The props Field adds to its control; TextInput, TextArea and native inputs all accept them. */
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the control until there is an error (and kept, for context, with it). */
  hint?: ReactNode;
  /** The field's error message (e.g. from ApiError.fieldErrors); marks the control invalid. */
  error?: ReactNode;
  /** Shows a required marker; the control gets `aria-required`. */
  required?: boolean;
  /** Visually hides the label (still read by screen readers), e.g. a search box with a placeholder. */
  hideLabel?: boolean;
  className?: string;
  /** Exactly one control element; Field gives it `id`, `aria-invalid` and `aria-describedby`. */
  children: ReactElement<FieldControlProps>;
}

/** Label, control, hint and error, wired together so assistive tech reads them as one. */
export function Field({ label, hint, error, required, hideLabel, className, children }: FieldProps) {
  const generatedId = useId();
  const child = isValidElement(children) ? children : null;
  const controlId = child?.props.id ?? `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [child?.props['aria-describedby'], hintId, errorId].filter((part): part is string => Boolean(part)).join(' ') ||
    undefined;

  const control = child
    ? cloneElement(child, {
        id: controlId,
        'aria-invalid': error ? true : child.props['aria-invalid'],
        'aria-describedby': describedBy,
        'aria-required': required || child.props['aria-required'] || undefined,
      })
    : children;

  return (
    <div className={['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          <svg className="ui-field__error-icon" viewBox="0 0 16 16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 9.5a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8ZM8 4a.8.8 0 0 0-.8.8v4a.8.8 0 0 0 1.6 0v-4A.8.8 0 0 0 8 4Z"
            />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}
