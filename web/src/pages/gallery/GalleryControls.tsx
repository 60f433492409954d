import { JOB_ASPECT_RATIOS } from '@kadr/contracts/values';
import type { FormEvent } from 'react';
import { jobsMessages, useOptionLabels } from '../../features/jobs';
import { useMessages } from '../../i18n/use-messages';
import { DateRangeFields, Field, FilterActions, TextInput, useFilterDraft } from '../../ui';
import { GALLERY_STATUSES, NO_FILTERS, type GalleryFilters } from './gallery-filters';
import { galleryMessages } from './messages';

export interface GalleryModelOption {
  id: string;
  name: string;
}

export interface GalleryControlsProps {
  /** The filters in force (from the URL). */
  applied: GalleryFilters;
  /** The models to filter by (the catalogue); a model the URL names but the list lacks is offered too. */
  models: readonly GalleryModelOption[];
  /** New filters; the list starts again from its first page. */
  onApply: (filters: Omit<GalleryFilters, 'page'>) => void;
}

type Draft = Omit<GalleryFilters, 'page'>;

const draftOf = ({ page: _page, ...draft }: GalleryFilters): Draft => draft;

/**
 * The gallery's search box, filters (status, model, frame, creation days, favourites) and sort, edited together
 * and applied at once (one request, one history entry). Back and Forward refill the form from the URL.
 */
export function GalleryControls({ applied, models, onApply }: GalleryControlsProps) {
  const { t } = useMessages('gallery', galleryMessages);
  const { t: tj } = useMessages('jobs', jobsMessages);
  const labels = useOptionLabels();
  const { draft, set, rangeError, checkRange, reset } = useFilterDraft<Draft>(draftOf(applied));
  const modelOptions =
    draft.model && !models.some((m) => m.id === draft.model)
      ? [...models, { id: draft.model, name: draft.model }]
      : models;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkRange()) return;
    onApply({ ...draft, q: draft.q.trim() });
  }

  function clear() {
    reset(draftOf(NO_FILTERS));
    onApply(draftOf(NO_FILTERS));
  }

  return (
    <form
      className="gallery-filters"
      role="search"
      aria-labelledby="gallery-filters-heading"
      onSubmit={submit}
      noValidate
    >
      <h2 id="gallery-filters-heading" className="visually-hidden">
        {t('filters.heading')}
      </h2>
      <div className="gallery-filters__fields">
        <Field label={t('filters.search')} hint={t('filters.searchHint')} className="gallery-filters__search">
          <TextInput
            type="search"
            value={draft.q}
            maxLength={200}
            onChange={(event) => set({ q: event.target.value })}
          />
        </Field>
        <Field label={t('filters.status')}>
          <select
            className="ui-input gallery-filters__select"
            value={draft.status}
            onChange={(event) => set({ status: event.target.value as Draft['status'] })}
          >
            <option value="">{t('filters.anyStatus')}</option>
            {GALLERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {tj(`status.${status}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filters.model')}>
          <select
            className="ui-input gallery-filters__select"
            value={draft.model}
            onChange={(event) => set({ model: event.target.value })}
          >
            <option value="">{t('filters.anyModel')}</option>
            {modelOptions.map((model) => (
              <option key={model.id} value={model.id}>
                {model.name}
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
          rangeError={rangeError ? t('filters.rangeError') : undefined}
        />
        <Field label={t('filters.sort')}>
          <select
            className="ui-input gallery-filters__select"
            value={draft.sort}
            onChange={(event) => set({ sort: event.target.value === 'oldest' ? 'oldest' : 'newest' })}
          >
            <option value="newest">{t('filters.newest')}</option>
            <option value="oldest">{t('filters.oldest')}</option>
          </select>
        </Field>
        <Field label={t('filters.aspect')}>
          <select
            className="ui-input gallery-filters__select"
            value={draft.aspect}
            onChange={(event) => set({ aspect: event.target.value as Draft['aspect'] })}
          >
            <option value="">{t('filters.anyAspect')}</option>
            {JOB_ASPECT_RATIOS.map((aspect) => (
              <option key={aspect} value={aspect}>
                {`${aspect} ${labels.aspectRatio(aspect)}`}
              </option>
            ))}
          </select>
        </Field>
        <label className="gallery-filters__check">
          <input
            type="checkbox"
            checked={draft.favourites}
            onChange={(event) => set({ favourites: event.target.checked })}
          />
          {t('filters.favourites')}
        </label>
      </div>
      <FilterActions
        className="gallery-filters__actions"
        applyLabel={t('filters.apply')}
        clearLabel={t('filters.clear')}
        onClear={clear}
      />
    </form>
  );
}
