import { useMessages } from '../../i18n/use-messages';
import { AccountDeletion } from './AccountDeletion';
import { DataExport } from './DataExport';
import { settingsMessages } from './messages';
import { SettingsSection } from './SettingsSection';

/** "Your data": everything Kadr keeps about the person as a file, and deleting the account with all of it. */
export function DataSettings() {
  const { t } = useMessages('settings', settingsMessages);
  return (
    <SettingsSection title={t('data.title')} lead={t('data.lead')}>
      <DataExport />
      <AccountDeletion />
    </SettingsSection>
  );
}
