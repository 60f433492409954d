import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { ChevronDownIcon } from './icons';
import { ADMIN_ITEMS } from './nav-items';

/**
 * Spec §2: the admin dropdown (Users, Logs); `DeferredAdminMenu` renders it only for the administrator.
 * Its label starts with the word it shows ("Admin menu", "Administracja — menu"): a voice user says what they see.
 */
export function AdminMenu({ className }: { className?: string }) {
  const { t } = useMessages('common', commonMessages);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={['topbar-menu-trigger', className].filter(Boolean).join(' ')}
        aria-label={t('topBar.adminMenu')}
      >
        <span aria-hidden="true">{t('nav.admin')}</span>
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={8}>
          {ADMIN_ITEMS.map(({ to, labelKey, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild className="menu-item">
              <Link to={to}>
                <Icon />
                {t(labelKey)}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
