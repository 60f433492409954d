import { useId, useState, type ChangeEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import { commonMessages } from '../i18n/common-messages';
import { formatNumber } from '../i18n/format';
import { useMessages } from '../i18n/use-messages';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Shows "used / max" under the box; needs `maxLength`. */
  showCount?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line input; with `showCount` and `maxLength` it shows a live character counter. */
export function TextArea({ className, showCount, maxLength, onChange, ref, ...rest }: TextAreaProps) {
  const { t } = useMessages('common', commonMessages);
  const counterId = `textarea-count-${useId()}`;
  // Uncontrolled boxes have no `value` to read, so the counter tracks the length itself.
  const [uncontrolledLength, setUncontrolledLength] = useState(() => String(rest.defaultValue ?? '').length);
  const length = rest.value !== undefined ? String(rest.value).length : uncontrolledLength;
  const counting = Boolean(showCount && maxLength !== undefined);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };
  const describedBy = [rest['aria-describedby'], counting ? counterId : undefined].filter(Boolean).join(' ');

  const box = (
    <textarea
      ref={ref}
      className={['ui-input', 'ui-textarea', className].filter(Boolean).join(' ')}
      maxLength={maxLength}
      onChange={handleChange}
      {...rest}
      aria-describedby={describedBy || undefined}
    />
  );
  if (!counting || maxLength === undefined) return box;

  const nearLimit = length >= maxLength * 0.9;
  return (
    <div className="ui-textarea-wrap">
      {box}
      <p
        id={counterId}
        className={['ui-textarea__count', nearLimit && 'ui-textarea__count--near'].filter(Boolean).join(' ')}
      >
        <span aria-hidden="true">
          {t('ui.characterCount', { used: formatNumber(length), max: formatNumber(maxLength) })}
        </span>
        <span className="visually-hidden">
          {t('ui.characterCountLabel', { used: formatNumber(length), max: formatNumber(maxLength) })}
        </span>
      </p>
    </div>
  );
}
