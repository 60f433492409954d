import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PROMPT_MAX_LENGTH } from '../../config/constants';
import { useMessages } from '../../i18n/use-messages';
import { Button, Card, Field, TextInput } from '../../ui';
import { dashboardMessages } from './messages';

/** A prompt box that hands over to the generator (router state `{ prompt }`), where the rest is chosen. */
export function QuickGenerate() {
  const { t } = useMessages('dashboard', dashboardMessages);
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = prompt.trim();
    void navigate('/generate', trimmed ? { state: { prompt: trimmed } } : undefined);
  };

  return (
    <Card as="section" className="dashboard-quick" aria-labelledby="dashboard-quick-heading">
      <h2 id="dashboard-quick-heading" className="dashboard-card-title">
        {t('quick.heading')}
      </h2>
      <form className="dashboard-quick__form" onSubmit={onSubmit}>
        <Field label={t('quick.label')} hint={t('quick.hint')} className="dashboard-quick__field">
          <TextInput
            name="prompt"
            value={prompt}
            maxLength={PROMPT_MAX_LENGTH}
            placeholder={t('quick.placeholder')}
            onChange={(event) => setPrompt(event.target.value)}
            autoComplete="off"
          />
        </Field>
        <Button type="submit" variant="primary" className="dashboard-quick__submit">
          {t('quick.submit')}
        </Button>
      </form>
    </Card>
  );
}
