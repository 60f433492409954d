import { useState, type ReactNode } from 'react';
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

export interface FilterDraft<D> {
  draft: D;
  set: (patch: Partial<D>) => void;
  /** The end day is before the start day (shown on the end field). */
  rangeError: boolean;
  /** True when the draft's days are in order; otherwise shows the range error. */
  checkRange: () => boolean;
  /** Shows these values (Clear) and drops the range error. */
  reset: (values: D) => void;
}

/**
 * A filter form's draft of the filters in force (`applied`, from the URL): edited field by field, and shown
 * again whenever the applied filters change (Apply, Clear, Back / Forward) — adjusted during render, React's
 * pattern for state that follows a prop. Days are `YYYY-MM-DD` strings, which compare as the days they name.
 */
export function useFilterDraft<D extends { from: string; to: string }>(applied: D): FilterDraft<D> {
  const [draft, setDraft] = useState<D>(applied);
  const [rangeError, setRangeError] = useState(false);
  const appliedKey = JSON.stringify(applied);
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setDraft(applied);
    setRangeError(false);
  }
  return {
    draft,
    set: (patch) => setDraft((current) => ({ ...current, ...patch })),
    rangeError,
    checkRange: () => {
      const outOfOrder = Boolean(draft.from && draft.to && draft.to < draft.from);
      setRangeError(outOfOrder);
      return !outOfOrder;
    },
    reset: (values) => {
      setDraft(values);
      setRangeError(false);
    },
  };
}
