import * as Select from '@radix-ui/react-select';
import { putUserLanguage } from '../api/endpoints';
import { commonMessages } from '../i18n/common-messages';
import { currentLanguage, isLanguage, setLanguage } from '../i18n/i18n';
import { useMessages } from '../i18n/use-messages';
import { logClientError } from '../telemetry/telemetry';
import { CheckIcon, ChevronDownIcon } from './icons';
import { languageFlag, useLanguageOptions } from './language-options';
import { useShellUser } from './use-shell-user';

export interface LanguageListboxProps {
  className?: string;
}

/**
 * The language dropdown (spec §2): a listbox (Radix Select) — arrow keys move, Enter picks, Escape
 * closes without a change. The UI switches at once; a signed-in person's choice is also saved on
 * the server (a failed save is logged: the switch itself already happened).
 */
export function LanguageListbox({ className }: LanguageListboxProps) {
  const { t } = useMessages('common', commonMessages);
  const options = useLanguageOptions();
  const { signedIn } = useShellUser();
  const current = currentLanguage();
  const currentName = options.find((option) => option.code === current)?.name ?? current.toUpperCase();

  const pick = (code: string): void => {
    if (!isLanguage(code) || code === currentLanguage()) return;
    setLanguage(code).catch((error: unknown) => logClientError(error, { where: 'language-switch' }));
    if (signedIn) {
      putUserLanguage(code).catch((error: unknown) => logClientError(error, { where: 'language-save' }));
    }
  };

  return (
    <Select.Root value={current} onValueChange={pick}>
      <Select.Trigger
        className={['lang-trigger', className].filter(Boolean).join(' ')}
        aria-label={t('topBar.languageLabel', { name: currentName })}
      >
        <Select.Value aria-hidden="true">
          <span className="lang-trigger__flag">{languageFlag(current)}</span>
          <span className="lang-trigger__code">{current.toUpperCase()}</span>
        </Select.Value>
        <Select.Icon className="lang-trigger__chevron">
          <ChevronDownIcon />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className="lang-content" position="popper" sideOffset={6} align="end">
          <Select.Viewport className="lang-viewport">
            {options.map((option) => {
              const supported = isLanguage(option.code);
              return (
                <Select.Item
                  key={option.code}
                  value={option.code}
                  disabled={!supported}
                  className="lang-item"
                  data-code={option.code}
                >
                  <span className="lang-item__flag" aria-hidden="true">
                    {languageFlag(option.code)}
                  </span>
                  <Select.ItemText>{option.name}</Select.ItemText>
                  {!supported && <span className="lang-item__note">{t('topBar.languageUnavailable')}</span>}
                  <Select.ItemIndicator className="lang-item__check">
                    <CheckIcon />
                  </Select.ItemIndicator>
                </Select.Item>
              );
            })}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
