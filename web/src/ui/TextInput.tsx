import type { InputHTMLAttributes, Ref } from 'react';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A single-line input with the shared look; put it inside `Field` for its label and messages. */
export function TextInput({ className, type = 'text', ref, ...rest }: TextInputProps) {
  return <input ref={ref} type={type} className={['ui-input', className].filter(Boolean).join(' ')} {...rest} />;
}
