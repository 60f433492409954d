import { useId, type ReactNode } from 'react';

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
  /** Why the option is disabled (e.g. "Available on Pro"), or a short note; read with the option. */
  hint?: ReactNode;
}

export interface ChoiceGroupProps<T extends string> {
  legend: ReactNode;
  /** Radio `name`; generated when omitted. */
  name?: string;
  options: readonly ChoiceOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Help under the group. */
  hint?: ReactNode;
  error?: ReactNode;
  /** Hides the legend visually (kept for screen readers). */
  hideLegend?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A segmented control that is a real radio group: native radios inside a fieldset, so arrow keys
 * move the choice, Tab enters and leaves the group, and the legend names it. Disabled options keep
 * their reason next to them (hint), linked with `aria-describedby`.
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  hideLegend,
  disabled,
  className,
}: ChoiceGroupProps<T>) {
  const baseId = `choice-${useId()}`;
  const groupName = name ?? baseId;
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const hintedOptions = options.filter((option) => Boolean(option.hint));

  return (
    <fieldset
      className={['ui-choice', error && 'ui-choice--invalid', className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={hideLegend ? 'visually-hidden' : 'ui-choice__legend'}>{legend}</legend>
      <div className="ui-choice__options">
        {options.map((option, index) => {
          const optionId = `${baseId}-${index}`;
          const optionHintId = option.hint ? `${optionId}-hint` : undefined;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={[
                'ui-choice__option',
                value === option.value && 'ui-choice__option--checked',
                option.disabled && 'ui-choice__option--disabled',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <input
                id={optionId}
                className="ui-choice__input"
                type="radio"
                name={groupName}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                aria-describedby={optionHintId}
                onChange={() => onChange(option.value)}
              />
              <span className="ui-choice__label">{option.label}</span>
            </label>
          );
        })}
      </div>
      {hintedOptions.length > 0 && (
        <ul className="ui-choice__option-hints">
          {options.map((option, index) =>
            option.hint ? (
              <li key={option.value} id={`${baseId}-${index}-hint`} className="ui-choice__option-hint">
                <span className="ui-choice__option-hint-name">{option.label}:</span> {option.hint}
              </li>
            ) : null,
          )}
        </ul>
      )}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
