import type { ComponentType, SVGProps } from 'react';
import {
  CreditsIcon,
  DashboardIcon,
  DeadLettersIcon,
  ReportsIcon,
  GalleryIcon,
  GenerateIcon,
  HomeIcon,
  LogsIcon,
  SettingsIcon,
  SubscriptionIcon,
  UsersIcon,
} from './icons';

export interface NavItem {
  to: string;
  /** Key in the `common` namespace. */
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * "Home" (spec §2 top bar label): visitors go to the public home `/public`; a signed-in person's
 * home is their dashboard (`/dashboard`), where their jobs and credits are.
 */
export function homePath(signedIn: boolean): string {
  return signedIn ? '/dashboard' : '/public';
}

/** The top bar's links for a signed-in person (spec §2: Home, Gallery, Generate). */
export function topNavItems(signedIn: boolean): NavItem[] {
  const home: NavItem = { to: homePath(signedIn), labelKey: 'nav.home', icon: HomeIcon };
  if (!signedIn) return [home];
  return [
    home,
    { to: '/gallery', labelKey: 'nav.gallery', icon: GalleryIcon },
    { to: '/generate', labelKey: 'nav.generate', icon: GenerateIcon },
  ];
}

/** The sidebar (wide screens): every signed-in destination. */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: DashboardIcon },
  { to: '/generate', labelKey: 'nav.generate', icon: GenerateIcon },
  { to: '/gallery', labelKey: 'nav.gallery', icon: GalleryIcon },
  { to: '/buy-credits', labelKey: 'nav.buyCredits', icon: CreditsIcon },
  { to: '/subscription', labelKey: 'nav.subscription', icon: SubscriptionIcon },
  { to: '/settings', labelKey: 'nav.settings', icon: SettingsIcon },
];

/** The administrator's screens (spec §2 admin dropdown: Users, Logs; and Dead letters, for the DLQ alert). */
export const ADMIN_ITEMS: readonly NavItem[] = [
  { to: '/admin/users', labelKey: 'nav.adminUsers', icon: UsersIcon },
  { to: '/admin/logs', labelKey: 'nav.adminLogs', icon: LogsIcon },
  { to: '/admin/dead-letters', labelKey: 'nav.adminDeadLetters', icon: DeadLettersIcon },
  { to: '/admin/share-reports', labelKey: 'nav.adminShareReports', icon: ReportsIcon },
];
