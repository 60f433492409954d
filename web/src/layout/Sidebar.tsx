import { useId } from 'react';
import { NavLink } from 'react-router';
import { commonMessages } from '../i18n/common-messages';
import { useMessages } from '../i18n/use-messages';
import { useLocalStore } from '../session/local-store';
import { SidebarIcon } from './icons';
import { ADMIN_ITEMS, SIDEBAR_ITEMS, type NavItem } from './nav-items';
import { useShellUser } from './use-shell-user';
import './layout.css';

/**
 * The navigation sidebar on wide screens (≥ 1024 px; hidden below, where the top bar's menu takes
 * over). Collapses to icons; the choice persists in the local store (`sidebarOpen`). Labels stay in
 * the accessibility tree when collapsed, and show as tooltips.
 */
export function Sidebar() {
  const { t } = useMessages('common', commonMessages);
  const { signedIn, isAdmin } = useShellUser();
  const open = useLocalStore((state) => state.sidebarOpen);
  const setOpen = useLocalStore((state) => state.setSidebarOpen);
  const navId = `sidebar-nav-${useId()}`;
  if (!signedIn) return null;

  return (
    // Named: a page may have its own complementary landmark (the generator's checkout), and two unnamed ones
    // cannot be told apart (axe landmark-unique).
    <aside
      className={['sidebar', !open && 'sidebar--collapsed'].filter(Boolean).join(' ')}
      data-open={open}
      aria-label={t('sidebar.label')}
    >
      <div className="sidebar__inner">
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={open}
          aria-controls={navId}
          aria-label={open ? t('sidebar.collapse') : t('sidebar.expand')}
          title={open ? t('sidebar.collapse') : t('sidebar.expand')}
          onClick={() => setOpen(!open)}
        >
          <SidebarIcon />
        </button>
        <nav id={navId} className="sidebar__nav" aria-label={t('sidebar.label')}>
          <SidebarList items={SIDEBAR_ITEMS} collapsed={!open} />
          {isAdmin && (
            <>
              <p className="sidebar__heading" id={`${navId}-admin`}>
                {t('sidebar.adminSection')}
              </p>
              <SidebarList items={ADMIN_ITEMS} collapsed={!open} labelledBy={`${navId}-admin`} />
            </>
          )}
        </nav>
      </div>
    </aside>
  );
}

function SidebarList({
  items,
  collapsed,
  labelledBy,
}: {
  items: readonly NavItem[];
  collapsed: boolean;
  labelledBy?: string;
}) {
  const { t } = useMessages('common', commonMessages);
  return (
    <ul className="sidebar__list" aria-labelledby={labelledBy}>
      {items.map(({ to, labelKey, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} className="sidebar__link" title={collapsed ? t(labelKey) : undefined}>
            <Icon className="sidebar__icon" />
            <span className={collapsed ? 'visually-hidden' : 'sidebar__label'}>{t(labelKey)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
