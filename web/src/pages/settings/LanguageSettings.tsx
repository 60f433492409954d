import { putUserLanguage } from '../../api/endpoints';
import { LANGUAGES, type Language } from '../../config/constants';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { useMessages } from '../../i18n/use-messages';
import { FALLBACK_LANGUAGES } from '../../layout/language-options';
import { toast } from '../../notifications';
import { logClientError, track } from '../../telemetry/telemetry';
import { ChoiceGroup } from '../../ui';
import { settingsMessages } from './messages';
import { SettingsSection } from './SettingsSection';

/** Each language named in itself (English, Polski), as in the top bar's listbox. */
const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(
  FALLBACK_LANGUAGES.map((option) => [option.code, option.name]),
);

/** en / pl: switches the app at once, then saves the choice to the account (toast either way). */
export function LanguageSettings() {
  const { t, i18n } = useMessages('settings', settingsMessages);
  const current = currentLanguage();

  const choose = async (language: Language) => {
    if (language === currentLanguage()) return;
    try {
      await setLanguage(language);
    } catch (error) {
      logClientError(error, { where: 'settings-language' });
      return;
    }
    track('language_changed', { language, from: 'settings' });
    try {
      await putUserLanguage(language);
      toast.success(i18n.t('language.saved', { ns: 'settings' }));
    } catch (error) {
      logClientError(error, { where: 'settings-language-save' });
      toast.error(i18n.t('language.saveFailed', { ns: 'settings' }));
    }
  };

  return (
    <SettingsSection title={t('language.title')} lead={t('language.lead')}>
      <ChoiceGroup<Language>
        legend={t('language.legend')}
        hideLegend
        className="settings-choice"
        options={LANGUAGES.map((code) => ({
          value: code,
          label: <span lang={code}>{LANGUAGE_NAMES[code] ?? code.toUpperCase()}</span>,
        }))}
        value={current}
        onChange={(language) => void choose(language)}
      />
    </SettingsSection>
  );
}
