import { NEGATIVE_PROMPT_MAX_LENGTH } from '@kadr/contracts/values';
import { useMessages } from '../../i18n/use-messages';
import { Field, TextArea, TextInput } from '../../ui';
import { generatorMessages } from './messages';

export interface CreativeFieldsProps {
  /** Which fields the model takes (the catalogue's `supportsSeed`, `supportsNegativePrompt`). */
  seedOffered: boolean;
  negativePromptOffered: boolean;
  seed: string;
  negativePrompt: string;
  onSeedChange: (value: string) => void;
  onNegativePromptChange: (value: string) => void;
  errors: Partial<Record<'seed' | 'negativePrompt', string>>;
}

/**
 * The seed (empty: the service picks one, shown on the job's page afterwards) and the negative prompt, each only when
 * the chosen model takes it (issue 21).
 */
export function CreativeFields({
  seedOffered,
  negativePromptOffered,
  seed,
  negativePrompt,
  onSeedChange,
  onNegativePromptChange,
  errors,
}: CreativeFieldsProps) {
  const { t } = useMessages('generator', generatorMessages);
  if (!seedOffered && !negativePromptOffered) return null;
  return (
    <div className="generator-creative">
      {seedOffered && (
        <Field label={t('creative.seed')} hint={t('creative.seedHint')} error={errors.seed}>
          <TextInput
            name="seed"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('creative.seedPlaceholder')}
            value={seed}
            onChange={(event) => onSeedChange(event.target.value)}
          />
        </Field>
      )}
      {negativePromptOffered && (
        <Field
          label={t('creative.negativePrompt')}
          hint={t('creative.negativePromptHint')}
          error={errors.negativePrompt}
        >
          <TextArea
            name="negativePrompt"
            rows={2}
            value={negativePrompt}
            maxLength={NEGATIVE_PROMPT_MAX_LENGTH}
            showCount
            placeholder={t('creative.negativePromptPlaceholder')}
            onChange={(event) => onNegativePromptChange(event.target.value)}
            autoComplete="off"
            spellCheck
          />
        </Field>
      )}
    </div>
  );
}
