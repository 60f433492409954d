import type { ReactNode } from 'react';
import { Button } from './Button';
import { Field } from './Field';
import { TextInput } from './TextInput';

export interface DateRangeFieldsProps {
  /** Whole days (`date`) or minutes (`datetime-local`). */
  type: 'date' | 'datetime-local';
  from: string;
  to: string;
  onChange: (patch: { from?: string; to?: string }) => void;
  fromLabel: ReactNode;
  toLabel: ReactNode;
  /** Shown on the end field ("The end cannot be before the start"). */
  rangeError?: ReactNode;
}

/** A filter's "from" and "to" inputs, labelled, the range's error on the end one. */
export function DateRangeFields({ type, from, to, onChange, fromLabel, toLabel, rangeError }: DateRangeFieldsProps) {
  return (
    <>
      <Field label={fromLabel}>
        <TextInput type={type} value={from} onChange={(event) => onChange({ from: event.target.value })} />
      </Field>
      <Field label={toLabel} error={rangeError || undefined}>
        <TextInput type={type} value={to} onChange={(event) => onChange({ to: event.target.value })} />
      </Field>
    </>
  );
}

export interface FilterActionsProps {
  applyLabel: ReactNode;
  clearLabel: ReactNode;
  onClear: () => void;
  className?: string;
}

/** A filter form's Apply (its submit button) and Clear. */
export function FilterActions({ applyLabel, clearLabel, onClear, className }: FilterActionsProps) {
  return (
    <div className={className}>
      <Button type="submit" variant="primary">
        {applyLabel}
      </Button>
      <Button variant="ghost" onClick={onClear}>
        {clearLabel}
      </Button>
    </div>
  );
}
