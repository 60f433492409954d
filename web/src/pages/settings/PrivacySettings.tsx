import { useId } from 'react';
import { useConsent } from '../../consent/consent-store';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { track } from '../../telemetry/telemetry';
import { settingsMessages } from './messages';
import { SettingsSection } from './SettingsSection';

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
        <ConsentSwitch
          label={t('privacy.analytics.label')}
          text={t('privacy.analytics.text')}
          checked={analytics}
          stateLabel={analytics ? t('privacy.on') : t('privacy.off')}
          onChange={(allowed) => changed('analytics', allowed)}
        />
        <ConsentSwitch
          label={t('privacy.remoteLogs.label')}
          text={t('privacy.remoteLogs.text')}
          checked={remoteLogs}
          stateLabel={remoteLogs ? t('privacy.on') : t('privacy.off')}
          onChange={(allowed) => changed('remoteLogs', allowed)}
        />
      </div>
    </SettingsSection>
  );
}

function ConsentSwitch({
  label,
  text,
  checked,
  stateLabel,
  onChange,
}: {
  label: string;
  text: string;
  checked: boolean;
  stateLabel: string;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="settings-switch">
      <div className="settings-switch__text">
        <label htmlFor={id} className="settings-switch__label">
          {label}
        </label>
        <p id={`${id}-text`} className="settings-switch__description">
          {text}
        </p>
      </div>
      <div className="settings-switch__control">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="settings-switch__input"
          checked={checked}
          aria-describedby={`${id}-text`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="settings-switch__state" aria-hidden="true">
          {stateLabel}
        </span>
      </div>
    </div>
  );
}
