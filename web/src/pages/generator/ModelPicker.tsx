import type { AiModel } from '@kadr/contracts';
import { useId } from 'react';
import { isApiError } from '../../api/api-error';
import { lowestPriceOf, useOptionLabels } from '../../features/jobs';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Button, EmptyState, ErrorState, Skeleton } from '../../ui';
import { generatorMessages } from './messages';
import type { ModelGroup } from './use-grouped-models';

export interface ModelPickerProps {
  groups: readonly ModelGroup[];
  status: 'pending' | 'error' | 'success';
  error: unknown;
  refreshing: boolean;
  onRetry: () => void;
  value: string | null;
  onChange: (modelId: string) => void;
  /** The field's error (inline, under the list). */
  fieldError?: string | undefined;
}

/**
 * The models as radio cards grouped by provider: name, description, the highest resolution, the
 * durations and the lowest price, so the choice is informed before any option is set.
 */
export function ModelPicker({
  groups,
  status,
  error,
  refreshing,
  onRetry,
  value,
  onChange,
  fieldError,
}: ModelPickerProps) {
  const { t } = useMessages('generator', generatorMessages);
  const baseId = `model-${useId()}`;
  const errorId = `${baseId}-error`;

  if (status === 'pending') {
    return (
      <div className="generator-models" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('model.loading')}
        </p>
        <div className="generator-models__grid">
          <Skeleton height="6.5rem" />
          <Skeleton height="6.5rem" />
        </div>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <ErrorState
        message={t('model.loadFailed')}
        title={isApiError(error) ? error.title : undefined}
        correlationId={isApiError(error) ? error.correlationId : undefined}
        onRetry={onRetry}
        retrying={refreshing}
      />
    );
  }
  if (groups.length === 0) {
    return (
      <EmptyState
        className="generator-models__empty"
        title={t('model.empty')}
        description={t('model.emptyHint')}
        action={
          <Button size="sm" onClick={onRetry} loading={refreshing}>
            {t('model.refresh')}
          </Button>
        }
      />
    );
  }

  return (
    <fieldset
      className="generator-models"
      aria-invalid={fieldError ? true : undefined}
      aria-describedby={fieldError ? errorId : undefined}
    >
      <legend className="visually-hidden">{t('model.legend')}</legend>
      {groups.map((group, index) => {
        const groupId = `${baseId}-group-${index}`;
        return (
          <div key={group.provider} className="generator-models__group" role="group" aria-labelledby={groupId}>
            <p id={groupId} className="generator-models__provider">
              {t(`model.providers.${group.provider}`, { defaultValue: group.provider })}
            </p>
            <div className="generator-models__grid">
              {group.models.map((model) => (
                <ModelCard
                  key={model.id}
                  model={model}
                  name={`${baseId}-choice`}
                  checked={value === model.id}
                  onChange={onChange}
                />
              ))}
            </div>
          </div>
        );
      })}
      {fieldError && (
        <p id={errorId} className="ui-field__error">
          {fieldError}
        </p>
      )}
    </fieldset>
  );
}

function ModelCard({
  model,
  name,
  checked,
  onChange,
}: {
  model: AiModel;
  name: string;
  checked: boolean;
  onChange: (modelId: string) => void;
}) {
  const { t } = useMessages('generator', generatorMessages);
  const labels = useOptionLabels();
  const inputId = `${name}-${model.id}`;
  const nameId = `${inputId}-name`;
  const detailsId = `${inputId}-details`;
  const lowest = lowestPriceOf(model);
  const durations = [...model.durations]
    .sort((a, b) => a - b)
    .map(labels.duration)
    .join(', ');
  return (
    <label
      htmlFor={inputId}
      className={['generator-model', checked && 'generator-model--checked'].filter(Boolean).join(' ')}
    >
      <input
        id={inputId}
        className="generator-model__input"
        type="radio"
        name={name}
        value={model.id}
        checked={checked}
        onChange={() => onChange(model.id)}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
      />
      <span id={nameId} className="generator-model__name">
        {model.name}
      </span>
      <span id={detailsId} className="generator-model__details">
        {model.description && (
          <span className="generator-model__description">
            {t(`model.descriptions.${model.id}`, { defaultValue: model.description })}
          </span>
        )}
        <span className="generator-model__facts">
          <span>{t('model.upTo', { resolution: model.maxResolution })}</span>
          <span>{durations}</span>
          {lowest !== null && <span>{t('model.from', { count: lowest, value: formatNumber(lowest) })}</span>}
        </span>
      </span>
    </label>
  );
}
