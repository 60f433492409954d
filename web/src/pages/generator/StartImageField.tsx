import { MAX_START_IMAGE_BYTES, MAX_START_IMAGE_SIDE, START_IMAGE_CONTENT_TYPES } from '@kadr/contracts/values';
import { useId, useRef } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { Button } from '../../ui';
import { generatorMessages } from './messages';
import type { StartImageState } from './use-start-image';

export interface StartImageFieldProps {
  state: StartImageState;
  onChoose: (file: File) => void;
  onClear: () => void;
  /** The service's field error on `image` (a refused image), shown like the others. */
  error?: string;
}

const MEGABYTES = MAX_START_IMAGE_BYTES / (1024 * 1024);

/**
 * Image-to-video's optional start image (issue 21): a file picker for JPEG, PNG or WebP up to 10 MB, the
 * picture shown once chosen, with a way to remove it. The upload starts at once; generating waits for it.
 */
export function StartImageField({ state, onChoose, onClear, error }: StartImageFieldProps) {
  const { t } = useMessages('generator', generatorMessages);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = `start-image-${useId()}`;
  const problem =
    error ??
    (state.kind === 'failed'
      ? (state.detail ?? t(`startImage.problems.${state.problem}`, { max: MEGABYTES }))
      : undefined);
  const describedBy = [`${id}-hint`, problem ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className={['generator-start-image', 'ui-field', problem && 'ui-field--invalid'].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="ui-field__label">
        {t('startImage.label')}
      </label>
      {(state.kind === 'uploading' || state.kind === 'ready') && (
        <figure className="generator-start-image__preview">
          <img src={state.preview} alt={t('startImage.previewAlt')} />
          <figcaption>
            <span role="status">{state.kind === 'uploading' ? t('startImage.uploading') : t('startImage.ready')}</span>
          </figcaption>
        </figure>
      )}
      <input
        ref={inputRef}
        id={id}
        name="image"
        type="file"
        accept={START_IMAGE_CONTENT_TYPES.join(',')}
        aria-describedby={describedBy}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChoose(file);
        }}
      />
      {(state.kind === 'uploading' || state.kind === 'ready') && (
        <Button
          variant="ghost"
          onClick={() => {
            if (inputRef.current) inputRef.current.value = '';
            onClear();
          }}
        >
          {t('startImage.remove')}
        </Button>
      )}
      <p id={`${id}-hint`} className="ui-field__hint">
        {t('startImage.hint', { max: MEGABYTES, side: MAX_START_IMAGE_SIDE })}
      </p>
      {problem && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
