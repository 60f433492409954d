import { LANGUAGES, type Language } from '../../config/constants';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { useMessages } from '../../i18n/use-messages';
import { publicSharedMessages } from './messages';

/**
 * The public pages' language control: both languages visible at once (a visitor who does not read
 * the current one still finds theirs). Only the interface changes; a signed-in user's saved
 * preference is the top bar's business.
 */
export function LanguageSwitch() {
  const { t, i18n } = useMessages('publicShared', publicSharedMessages);
  const active = (i18n.resolvedLanguage ?? currentLanguage()) as Language;
  return (
    <div className="public-language" role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="public-language__option"
          aria-pressed={active === code}
          title={t(`header.languageOption.${code}`)}
          onClick={() => void setLanguage(code)}
        >
          <span aria-hidden="true">{code.toUpperCase()}</span>
          <span className="visually-hidden">{t(`header.languageOption.${code}`)}</span>
        </button>
      ))}
    </div>
  );
}
