import { THEME_MODES, type ThemeMode } from '../../config/constants';
import { useMessages } from '../../i18n/use-messages';
import { track } from '../../telemetry/telemetry';
import { useTheme } from '../../theme/theme';
import { ChoiceGroup } from '../../ui';
import { settingsMessages } from './messages';
import { SettingsSection } from './SettingsSection';

/** System / light / dark; applies at once (kept in this browser's local store). */
export function ThemeSettings() {
  const { t } = useMessages('settings', settingsMessages);
  const { mode, setMode } = useTheme();
  return (
    <SettingsSection title={t('theme.title')} lead={t('theme.lead')}>
      <ChoiceGroup<ThemeMode>
        legend={t('theme.legend')}
        hideLegend
        className="settings-choice"
        options={THEME_MODES.map((value) => ({ value, label: t(`theme.${value}`) }))}
        value={mode}
        onChange={(next) => {
          setMode(next);
          track('theme_changed', { mode: next, from: 'settings' });
        }}
      />
    </SettingsSection>
  );
}
