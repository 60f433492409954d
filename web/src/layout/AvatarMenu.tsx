import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { signOut } from '../session/session-store';
import { LogoutIcon, SettingsIcon } from './icons';
import { useShellUser } from './use-shell-user';

/** Spec §2: the fixed "U" avatar; its menu has Settings and Sign out. */
export function AvatarMenu() {
  const { t } = useMessages('common', commonMessages);
  const { email } = useShellUser();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="avatar-button" aria-label={t('topBar.account')}>
        <span aria-hidden="true">U</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu-content" align="end" sideOffset={8}>
        {email && (
          <DropdownMenu.Label className="menu-label">
            <span className="menu-label__caption">{t('topBar.signedInAs')}</span>
            <span className="menu-label__email">{email}</span>
          </DropdownMenu.Label>
        )}
        <DropdownMenu.Item asChild className="menu-item">
          <Link to="/settings">
            <SettingsIcon />
            {t('nav.settings')}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="menu-separator" />
        <DropdownMenu.Item className="menu-item" onSelect={() => void signOut()}>
          <LogoutIcon />
          {t('topBar.signOut')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
