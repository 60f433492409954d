import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { NotificationInboxResponse, NotificationView } from '../../api/answer-types';
import { formatRelativeTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { BellIcon, SettingsIcon } from '../../layout/icons';
import { toast } from '../../notifications/toast-store';
import { isUnread } from './inbox-cache';
import { markAllRead, markRead } from './inbox-actions';
import { inboxMessages } from './messages';
import { jobPath } from './use-inbox-live';
import { useNotificationText } from './use-notification-text';

/** "99+" beyond two digits: the badge keeps its size. */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The bell's name: "Notifications", or "Notifications, 3 unread" (the badge itself is hidden from screen readers). */
export function useBellLabel(unread: number): string {
  const { t } = useMessages('inbox', inboxMessages);
  return unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label');
}

/** The inbox as the bell read it. */
export interface InboxState {
  data: NotificationInboxResponse | undefined;
  isPending: boolean;
  isError: boolean;
  retry: () => void;
}

/**
 * The bell and its menu: the last 50 notifications, newest first, unread ones marked (a dot, bold,
 * and "Unread:" for screen readers). Choosing one marks it read and opens the video's page; "Mark
 * all as read" keeps the menu open. Arrow keys move through the items, Escape closes (Radix).
 */
export function InboxMenu({ inbox }: { inbox: InboxState }) {
  const { t } = useMessages('inbox', inboxMessages);
  const queryClient = useQueryClient();
  const unread = inbox.data?.unread ?? 0;
  const label = useBellLabel(unread);
  // Relative times ("5 minutes ago") count from the moment the menu opened.
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const markAll = useMutation({
    mutationFn: () => markAllRead(queryClient),
    onError: () => void toast.error(t('markAllFailed')),
  });

  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && setOpenedAt(new Date())}>
      <DropdownMenu.Trigger
        className="topbar-menu-trigger inbox-bell"
        aria-label={label}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span className="inbox-bell__count" aria-hidden="true" data-testid="notification-unread-count">
            {unreadBadgeText(unread)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        className="menu-content inbox-menu"
        align="end"
        sideOffset={8}
        data-testid="notification-menu"
      >
        <div className="inbox-menu__head">
          <DropdownMenu.Label className="inbox-menu__title">{t('title')}</DropdownMenu.Label>
          <DropdownMenu.Item
            className="menu-item inbox-menu__mark-all"
            disabled={unread === 0 || markAll.isPending}
            onSelect={(event) => {
              event.preventDefault();
              markAll.mutate();
            }}
          >
            {t('markAllRead')}
          </DropdownMenu.Item>
        </div>
        <DropdownMenu.Separator className="menu-separator" />
        <InboxEntries inbox={inbox} now={openedAt} />
        <DropdownMenu.Separator className="menu-separator" />
        <DropdownMenu.Item asChild className="menu-item">
          <Link to="/settings">
            <SettingsIcon />
            {t('settings')}
          </Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function InboxEntries({ inbox, now }: { inbox: InboxState; now: Date }) {
  const { t } = useMessages('inbox', inboxMessages);
  if (!inbox.data) {
    if (inbox.isPending && !inbox.isError) return <div className="inbox-menu__note">{t('loading')}</div>;
    return (
      <>
        <div className="inbox-menu__note">{t('loadFailed')}</div>
        <DropdownMenu.Item
          className="menu-item"
          onSelect={(event) => {
            event.preventDefault();
            inbox.retry();
          }}
        >
          {t('retry')}
        </DropdownMenu.Item>
      </>
    );
  }
  if (inbox.data.data.length === 0) {
    return (
      <div className="inbox-menu__note" data-testid="notification-empty">
        {t('empty')}
      </div>
    );
  }
  return (
    <DropdownMenu.Group className="inbox-menu__list">
      {inbox.data.data.map((notification) => (
        <InboxEntry key={notification.id} notification={notification} now={now} />
      ))}
    </DropdownMenu.Group>
  );
}

function InboxEntry({ notification, now }: { notification: NotificationView; now: Date }) {
  const { t } = useMessages('inbox', inboxMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const text = useNotificationText();
  const unread = isUnread(notification);
  const detail = text.detail(notification);
  return (
    <DropdownMenu.Item
      className={['inbox-item', unread && 'inbox-item--unread'].filter(Boolean).join(' ')}
      data-testid="notification-item"
      data-unread={unread}
      onSelect={() => {
        void markRead(queryClient, notification);
        void navigate(jobPath(notification.jobId));
      }}
    >
      <span className="inbox-item__dot" aria-hidden="true" />
      {/* The spaces between the parts keep the words apart in the item's accessible name. */}
      <span className="inbox-item__body">
        {unread && <span className="visually-hidden">{t('unread')}</span>}{' '}
        <span className="inbox-item__headline">{text.headline(notification)}</span>{' '}
        {detail && <span className="inbox-item__detail">{detail}</span>}{' '}
        <time className="inbox-item__time" dateTime={notification.createdAt}>
          {formatRelativeTime(notification.createdAt, ageReference(now, notification.createdAt))}
        </time>
      </span>
    </DropdownMenu.Item>
  );
}

/**
 * "Now" for a notification's age: the menu's opening time, or the notification's own time when it is
 * later (one that arrived while the menu was open, or a server clock slightly ahead): never "in 3 seconds".
 */
function ageReference(openedAt: Date, createdAt: string): Date {
  const created = Date.parse(createdAt);
  return Number.isNaN(created) || created <= openedAt.getTime() ? openedAt : new Date(created);
}
