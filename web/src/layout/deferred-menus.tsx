import { lazy, Suspense } from 'react';
import { commonMessages } from '../i18n/common-messages';
import { currentLanguage } from '../i18n/i18n';
import { useMessages } from '../i18n/use-messages';
import { BellIcon, ChevronDownIcon } from './icons';
import { languageFlag } from './language-options';
import { useShellUser } from './use-shell-user';

/**
 * The top bar's popup widgets — the language listbox (Radix Select), the account and admin menus
 * (Radix DropdownMenu), with their positioning engine, and the notifications bell with its inbox —
 * load right after the first paint instead of with it. Together they are about a tenth of the initial-JavaScript budget (issue 8: ≤ 170 KiB gzip),
 * and nobody opens a menu in the first milliseconds. Until a widget arrives, an inert twin of its
 * trigger holds the place, so the bar neither shifts nor shows a hole.
 */
const LanguageListbox = lazy(() => import('./LanguageListbox').then((module) => ({ default: module.LanguageListbox })));
const AvatarMenu = lazy(() => import('./AvatarMenu').then((module) => ({ default: module.AvatarMenu })));
const AdminMenu = lazy(() => import('./AdminMenu').then((module) => ({ default: module.AdminMenu })));
const NotificationBell = lazy(() =>
  import('../features/inbox/NotificationBell').then((module) => ({ default: module.NotificationBell })),
);

interface ClassNameProps {
  className?: string;
}

const classes = (...names: (string | undefined)[]): string => names.filter(Boolean).join(' ');

export function DeferredLanguageListbox({ className }: ClassNameProps) {
  const current = currentLanguage();
  const placeholder = (
    <span className={classes('lang-trigger', className)} aria-hidden="true">
      <span className="lang-trigger__flag">{languageFlag(current)}</span>
      <span className="lang-trigger__code">{current.toUpperCase()}</span>
      <span className="lang-trigger__chevron">
        <ChevronDownIcon />
      </span>
    </span>
  );
  return (
    <Suspense fallback={placeholder}>
      <LanguageListbox className={className} />
    </Suspense>
  );
}

export function DeferredAvatarMenu() {
  return (
    <Suspense
      fallback={
        <span className="avatar-button" aria-hidden="true">
          U
        </span>
      }
    >
      <AvatarMenu />
    </Suspense>
  );
}

/** Only the administrator gets the menu — and its placeholder, and its chunk. */
export function DeferredAdminMenu({ className }: ClassNameProps) {
  const { t } = useMessages('common', commonMessages);
  const { isAdmin } = useShellUser();
  if (!isAdmin) return null;
  return (
    <Suspense
      fallback={
        <span className={classes('topbar-menu-trigger', className)} aria-hidden="true">
          {t('nav.admin')}
          <ChevronDownIcon />
        </span>
      }
    >
      <AdminMenu className={className} />
    </Suspense>
  );
}

/** The bell's place until the inbox has loaded (the count comes with it: the inbox is read then). */
export function DeferredNotificationBell() {
  return (
    <Suspense
      fallback={
        <span className="topbar-menu-trigger inbox-bell" aria-hidden="true">
          <BellIcon />
        </span>
      }
    >
      <NotificationBell />
    </Suspense>
  );
}
