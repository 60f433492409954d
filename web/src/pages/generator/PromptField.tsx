import type { KeyboardEvent, Ref } from 'react';
import { PROMPT_MAX_LENGTH } from '../../config/constants';
import { useMessages } from '../../i18n/use-messages';
import { Field, TextArea } from '../../ui';
import { generatorMessages } from './messages';

/** Example prompts offered as chips (texts in messages, per language). */
const EXAMPLES = ['boat', 'aurora', 'tram', 'coffee', 'forest'] as const;

export interface PromptFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/⌘+Enter. */
  onSubmitShortcut: () => void;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The prompt box with its character counter and example chips. */
export function PromptField({ value, onChange, onSubmitShortcut, error, ref }: PromptFieldProps) {
  const { t } = useMessages('generator', generatorMessages);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmitShortcut();
    }
  };
  return (
    <div className="generator-prompt">
      <Field label={t('prompt.label')} hint={t('prompt.hint')} error={error} required>
        <TextArea
          ref={ref}
          name="prompt"
          rows={5}
          value={value}
          maxLength={PROMPT_MAX_LENGTH}
          showCount
          placeholder={t('prompt.placeholder')}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck
        />
      </Field>
      <div className="generator-examples" role="group" aria-label={t('prompt.examplesLabel')}>
        <span className="generator-examples__label" aria-hidden="true">
          {t('prompt.examplesLabel')}
        </span>
        {EXAMPLES.map((key) => (
          <button
            key={key}
            type="button"
            className="generator-chip"
            aria-label={t('prompt.useExample', { name: t(`examples.${key}.name`) })}
            title={t(`examples.${key}.text`)}
            onClick={() => onChange(t(`examples.${key}.text`))}
          >
            {t(`examples.${key}.name`)}
          </button>
        ))}
      </div>
    </div>
  );
}
