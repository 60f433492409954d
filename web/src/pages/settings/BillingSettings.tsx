import { useMessages } from '../../i18n/use-messages';
import { ButtonLink } from '../../ui';
import { settingsMessages } from './messages';
import { SettingsSection } from './SettingsSection';

/** Where the account's money history is: the credit history (`/billing`). */
export function BillingSettings() {
  const { t } = useMessages('settings', settingsMessages);
  return (
    <SettingsSection title={t('billing.title')} lead={t('billing.lead')}>
      <ButtonLink to="/billing" variant="secondary" className="settings-billing-link">
        {t('billing.history')}
      </ButtonLink>
    </SettingsSection>
  );
}
