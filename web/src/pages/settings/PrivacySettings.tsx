import { useConsent } from '../../consent/consent-store';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { track } from '../../telemetry/telemetry';
import { settingsMessages } from './messages';
import { SettingsSection } from './SettingsSection';
import { SettingsSwitch } from './SettingsSwitch';

/**
 * The consent switches (spec §1, §9): analytics (on by default) and remote error logs (off by
 * default), each with what exactly it sends. Applied at once; telemetry drops what is queued of a
 * kind the moment it is switched off.
 */
export function PrivacySettings() {
  const { t } = useMessages('settings', settingsMessages);
  const analytics = useConsent((state) => state.analytics);
  const remoteLogs = useConsent((state) => state.remoteLogs);
  const setAnalytics = useConsent((state) => state.setAnalytics);
  const setRemoteLogs = useConsent((state) => state.setRemoteLogs);

  const changed = (kind: 'analytics' | 'remoteLogs', allowed: boolean) => {
    if (kind === 'analytics') setAnalytics(allowed);
    else setRemoteLogs(allowed);
    track('consent_changed', { kind, allowed });
    toast.success(t('privacy.saved'));
  };

  return (
    <SettingsSection title={t('privacy.title')} lead={t('privacy.lead')}>
      <div className="settings-switches">
        <SettingsSwitch
          label={t('privacy.analytics.label')}
          text={t('privacy.analytics.text')}
          checked={analytics}
          stateLabel={analytics ? t('on') : t('off')}
          onChange={(allowed) => changed('analytics', allowed)}
        />
        <SettingsSwitch
          label={t('privacy.remoteLogs.label')}
          text={t('privacy.remoteLogs.text')}
          checked={remoteLogs}
          stateLabel={remoteLogs ? t('on') : t('off')}
          onChange={(allowed) => changed('remoteLogs', allowed)}
        />
      </div>
    </SettingsSection>
  );
}
