import { useState, type FormEvent } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { ChoiceGroup, DateRangeFields, Field, FilterActions, TextInput } from '../../ui';
import { actionMessageKey, KNOWN_LOG_ACTIONS } from './known-actions';
import {
  EMPTY_LOG_FILTERS,
  isoToLocalInput,
  localInputToIso,
  LOG_KINDS,
  type LogFilters,
  type LogKind,
} from './log-filters';
import { adminLogsMessages } from './messages';

export interface LogFiltersFormProps {
  /** The filters in force (from the URL). */
  applied: LogFilters;
  /** New filters; the page starts again from the first entry. */
  onApply: (filters: LogFilters) => void;
}

interface Draft {
  kind: LogKind | '';
  action: string;
  userId: string;
  /** `datetime-local` values (local time). */
  from: string;
  to: string;
}

function draftOf(filters: LogFilters): Draft {
  return {
    kind: filters.kind,
    action: filters.action,
    userId: filters.userId,
    from: isoToLocalInput(filters.from),
    to: isoToLocalInput(filters.to),
  };
}

/**
 * The log's filters, edited as a draft and applied together (one request, one history entry), so
 * typing a user id does not ask the server on every key. Back/Forward refill the form.
 */
export function LogFiltersForm({ applied, onApply }: LogFiltersFormProps) {
  const { t } = useMessages('adminLogs', adminLogsMessages);
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [rangeError, setRangeError] = useState(false);

  // When the applied filters change (Apply, Clear, Back/Forward), the form shows them again:
  // adjusted during render, React's pattern for state derived from a changed prop.
  const appliedKey = JSON.stringify([applied.kind, applied.action, applied.userId, applied.from, applied.to]);
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setDraft(draftOf(applied));
    setRangeError(false);
  }

  const actionGroups = draft.kind ? [draft.kind] : LOG_KINDS;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  function chooseKind(kind: LogKind | '') {
    // An action of the other kind would match nothing: drop it.
    const keepAction = !kind || !draft.action || KNOWN_LOG_ACTIONS[kind].includes(draft.action);
    set({ kind, action: keepAction ? draft.action : '' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const from = localInputToIso(draft.from);
    const to = localInputToIso(draft.to);
    if (from && to && new Date(to) < new Date(from)) {
      setRangeError(true);
      return;
    }
    setRangeError(false);
    onApply({ kind: draft.kind, action: draft.action, userId: draft.userId.trim(), from, to, skip: 0 });
  }

  function clear() {
    setDraft(draftOf(EMPTY_LOG_FILTERS));
    setRangeError(false);
    onApply(EMPTY_LOG_FILTERS);
  }

  const kindOptions = [
    { value: 'all' as const, label: t('kinds.all') },
    ...LOG_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
  ];

  return (
    <form className="admin-logs-filters" aria-labelledby="admin-logs-filters-heading" onSubmit={submit} noValidate>
      <h2 id="admin-logs-filters-heading" className="visually-hidden">
        {t('filters.heading')}
      </h2>
      <ChoiceGroup<'all' | LogKind>
        legend={t('filters.kind')}
        name="kind"
        options={kindOptions}
        value={draft.kind || 'all'}
        onChange={(value) => chooseKind(value === 'all' ? '' : value)}
        className="admin-logs-kind"
      />
      <div className="admin-logs-fields">
        <Field label={t('filters.action')}>
          <select
            className="ui-input admin-logs-select"
            value={draft.action}
            onChange={(event) => set({ action: event.target.value })}
          >
            <option value="">{t('filters.anyAction')}</option>
            {actionGroups.map((kind) => (
              <optgroup key={kind} label={t(`kinds.${kind}`)}>
                {KNOWN_LOG_ACTIONS[kind].map((action) => (
                  <option key={action} value={action}>
                    {t(actionMessageKey(action))} ({action})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field label={t('filters.userId')} hint={t('filters.userIdHint')}>
          <TextInput
            value={draft.userId}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set({ userId: event.target.value })}
          />
        </Field>
        <DateRangeFields
          type="datetime-local"
          from={draft.from}
          to={draft.to}
          onChange={set}
          fromLabel={t('filters.from')}
          toLabel={t('filters.to')}
          rangeError={rangeError && t('filters.toBeforeFrom')}
        />
      </div>
      <FilterActions
        className="admin-logs-filter-actions"
        applyLabel={t('filters.apply')}
        clearLabel={t('filters.clear')}
        onClear={clear}
      />
    </form>
  );
}
