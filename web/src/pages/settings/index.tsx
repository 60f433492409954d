import { useMessages } from '../../i18n/use-messages';
import { PageHeader } from '../../ui';
import { BillingSettings } from './BillingSettings';
import { DataSettings } from './DataSettings';
import { LanguageSettings } from './LanguageSettings';
import { settingsMessages } from './messages';
import { NotificationSettings } from './NotificationSettings';
import { PrivacySettings } from './PrivacySettings';
import { ProviderSettings } from './ProviderSettings';
import { ThemeSettings } from './ThemeSettings';
import './settings.css';

/**
 * `/settings`: AI provider (account), language (account), theme (this device), notifications
 * (account), privacy choices (this device), the way to the credit history, and the person's data
 * (download it, delete the account).
 */
export default function SettingsPage() {
  const { t } = useMessages('settings', settingsMessages);
  return (
    <div className="page page--narrow settings-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ProviderSettings />
      <LanguageSettings />
      <ThemeSettings />
      <NotificationSettings />
      <PrivacySettings />
      <BillingSettings />
      <DataSettings />
    </div>
  );
}
