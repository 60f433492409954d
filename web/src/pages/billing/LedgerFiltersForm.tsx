import type { FormEvent } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { DateRangeFields, Field, FilterActions, useFilterDraft } from '../../ui';
import { KIND_GROUP_NAMES, NO_FILTERS, type KindGroup, type LedgerFilters } from './ledger-filters';
import { billingHistoryMessages } from './messages';

export interface LedgerFiltersFormProps {
  /** The filters in force (from the URL). */
  applied: LedgerFilters;
  /** New filters; the list starts again from its first page. */
  onApply: (filters: LedgerFilters) => void;
}

type Draft = Pick<LedgerFilters, 'kind' | 'from' | 'to'>;

const draftOf = ({ kind, from, to }: LedgerFilters): Draft => ({ kind, from, to });

/**
 * The kind of change and the days, edited together and applied at once (one request, one history
 * entry). Back and Forward refill the form from the URL.
 */
export function LedgerFiltersForm({ applied, onApply }: LedgerFiltersFormProps) {
  const { t } = useMessages('billingHistory', billingHistoryMessages);
  const { draft, set, rangeError, checkRange, reset } = useFilterDraft<Draft>(draftOf(applied));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkRange()) return;
    onApply({ ...draft, page: 1 });
  }

  function clear() {
    reset(draftOf(NO_FILTERS));
    onApply(NO_FILTERS);
  }

  return (
    <form className="billing-filters" aria-labelledby="billing-filters-heading" onSubmit={submit} noValidate>
      <h2 id="billing-filters-heading" className="visually-hidden">
        {t('filters.heading')}
      </h2>
      <div className="billing-filters__fields">
        <Field label={t('filters.kind')}>
          <select
            className="ui-input billing-filters__select"
            value={draft.kind}
            onChange={(event) => set({ kind: event.target.value as KindGroup | '' })}
          >
            <option value="">{t('filters.kinds.all')}</option>
            {KIND_GROUP_NAMES.map((group) => (
              <option key={group} value={group}>
                {t(`filters.kinds.${group}`)}
              </option>
            ))}
          </select>
        </Field>
        <DateRangeFields
          type="date"
          from={draft.from}
          to={draft.to}
          onChange={set}
          fromLabel={t('filters.from')}
          toLabel={t('filters.to')}
          rangeError={rangeError && t('filters.toBeforeFrom')}
        />
      </div>
      <FilterActions
        className="billing-filters__actions"
        applyLabel={t('filters.apply')}
        clearLabel={t('filters.clear')}
        onClear={clear}
      />
    </form>
  );
}
