import type { ProviderSetting } from '@kadr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { getGroupedModels, getProviderSetting, putProviderSetting } from '../../api/endpoints';
import { jobKeys } from '../../features/jobs/job-query-keys';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { Button, ChoiceGroup, ErrorState, Spinner } from '../../ui';
import { settingsMessages } from './messages';
import { providerOptionsOf } from './provider-options';
import { SettingsSection } from './SettingsSection';
import { settingsKeys } from './settings-query-keys';

/** The preferred AI provider: the grouped model list's providers, the saved one chosen; Save with a toast. */
export function ProviderSettings() {
  const { t } = useMessages('settings', settingsMessages);
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: settingsKeys.aiProvider,
    queryFn: ({ signal }) => getProviderSetting({ signal }),
  });
  const grouped = useQuery({
    queryKey: jobKeys.groupedModels,
    queryFn: ({ signal }) => getGroupedModels({ signal }),
  });
  const [choice, setChoice] = useState<string | null>(null);
  const save = useMutation<ProviderSetting, unknown, string>({
    mutationFn: (provider) => putProviderSetting(provider),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.aiProvider, saved);
      setChoice(null);
      toast.success(t('provider.saved'));
    },
  });

  const saved = setting.data?.provider;
  const selected = choice ?? saved ?? null;
  const dirty = choice !== null && choice !== saved;
  const options = providerOptionsOf(grouped.data, saved);
  const nameOf = (provider: string) => t(`provider.names.${provider}`, { defaultValue: provider });
  const saveError = save.isError
    ? isApiError(save.error)
      ? (save.error.fieldErrors.provider ?? save.error.message)
      : t('provider.error')
    : undefined;

  return (
    <SettingsSection title={t('provider.title')} lead={t('provider.lead')}>
      {setting.isPending || (grouped.isPending && !grouped.isError) ? (
        <Spinner label={t('provider.loading')} />
      ) : setting.isError ? (
        <ErrorState
          title={t('provider.error')}
          message={isApiError(setting.error) ? setting.error.message : t('provider.error')}
          correlationId={isApiError(setting.error) ? setting.error.correlationId : undefined}
          onRetry={() => void setting.refetch()}
          retrying={setting.isFetching}
        />
      ) : (
        <form
          className="settings-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (dirty && choice) save.mutate(choice);
          }}
        >
          <ChoiceGroup
            legend={t('provider.legend')}
            hideLegend
            className="settings-choice settings-choice--stacked"
            options={options.map((option) => ({
              value: option.provider,
              label: nameOf(option.provider),
              hint: option.models > 0 ? t('provider.models', { count: option.models }) : t('provider.unavailable'),
            }))}
            value={selected}
            onChange={(value) => {
              setChoice(value);
              save.reset();
            }}
            error={saveError}
            disabled={save.isPending}
          />
          {grouped.isError && <p className="settings-note">{t('provider.listError')}</p>}
          <div className="settings-form__actions">
            <Button
              type="submit"
              variant={dirty || save.isPending ? 'primary' : 'secondary'}
              loading={save.isPending}
              disabled={!dirty}
            >
              {dirty || save.isPending ? t('provider.save') : t('provider.unchanged')}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
