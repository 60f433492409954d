import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NotificationPreferences, NotificationPreferencesResponse } from '../../api/answer-types';
import { isApiError } from '../../api/api-error';
import { putNotificationPreferences } from '../../api/endpoints';
import { browserPermission, requestPermissionFromSettings } from '../../features/inbox/browser-notifications';
import { notificationPreferencesQuery } from '../../features/inbox/inbox-actions';
import { inboxKeys } from '../../features/inbox/inbox-query-keys';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { ErrorState, Spinner } from '../../ui';
import { settingsMessages } from './messages';
import { SettingsSection } from './SettingsSection';
import { SettingsSwitch } from './SettingsSwitch';

/**
 * How the user hears that a video finished (issue 20), saved to the account: the e-mail after they
 * left the site, and the browser's notification while Kadr is in a background tab. A switch shows
 * its new position while it is saved and goes back if the save fails (the error says why). Turning browser notifications
 * on asks the browser for its permission when it has not been told yet (a click: allowed to ask).
 */
export function NotificationSettings() {
  const { t } = useMessages('settings', settingsMessages);
  const queryClient = useQueryClient();
  const saved = useQuery(notificationPreferencesQuery);
  const [permission, setPermission] = useState(() => browserPermission());
  const save = useMutation<NotificationPreferencesResponse, unknown, Partial<NotificationPreferences>>({
    mutationFn: (change) => putNotificationPreferences(change),
    onSuccess: (answer) => {
      queryClient.setQueryData(inboxKeys.preferences, answer);
      toast.success(t('notifications.saved'));
    },
  });

  // One save at a time (the switches stay focusable meanwhile: a disabled one would drop the keyboard's focus).
  const change = (preference: keyof NotificationPreferences, on: boolean) => {
    if (save.isPending) return;
    save.mutate({ [preference]: on });
    if (preference === 'browser' && on) {
      void requestPermissionFromSettings().then((answer) => answer && setPermission(answer));
    }
  };

  if (saved.isPending || saved.isError) {
    return (
      <SettingsSection title={t('notifications.title')} lead={t('notifications.lead')}>
        {saved.isPending ? (
          <Spinner label={t('notifications.loading')} />
        ) : (
          <ErrorState
            title={t('notifications.loadError')}
            message={isApiError(saved.error) ? saved.error.message : t('notifications.loadError')}
            correlationId={isApiError(saved.error) ? saved.error.correlationId : undefined}
            onRetry={() => void saved.refetch()}
            retrying={saved.isFetching}
          />
        )}
      </SettingsSection>
    );
  }

  const shown: NotificationPreferences = save.isPending ? { ...saved.data.data, ...save.variables } : saved.data.data;
  const browserNote = shown.browser && permission !== 'granted' ? t(`notifications.browser.${permission}`) : null;
  return (
    <SettingsSection title={t('notifications.title')} lead={t('notifications.lead')}>
      <div className="settings-switches">
        <SettingsSwitch
          label={t('notifications.email.label')}
          text={t('notifications.email.text')}
          checked={shown.email}
          stateLabel={shown.email ? t('on') : t('off')}
          onChange={(on) => change('email', on)}
        />
        <SettingsSwitch
          label={t('notifications.browser.label')}
          text={browserNote ? `${t('notifications.browser.text')} ${browserNote}` : t('notifications.browser.text')}
          checked={shown.browser}
          stateLabel={shown.browser ? t('on') : t('off')}
          onChange={(on) => change('browser', on)}
        />
      </div>
      {save.isError && (
        <ErrorState
          title={t('notifications.saveError')}
          message={isApiError(save.error) ? save.error.message : t('notifications.saveError')}
          correlationId={isApiError(save.error) ? save.error.correlationId : undefined}
        />
      )}
    </SettingsSection>
  );
}
