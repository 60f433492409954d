import type { SVGProps } from 'react';

/** The shell's line icons (20 px grid, 1.6 stroke, currentColor). Decorative: always aria-hidden. */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const HomeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 9 10 3.5 16.5 9v7a1 1 0 0 1-1 1h-3.5v-4.5h-4V17H4.5a1 1 0 0 1-1-1V9Z" />
  </Icon>
);

export const DashboardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="3" width="6" height="8" rx="1.2" />
    <rect x="11" y="3" width="6" height="5" rx="1.2" />
    <rect x="11" y="10" width="6" height="7" rx="1.2" />
    <rect x="3" y="13" width="6" height="4" rx="1.2" />
  </Icon>
);

export const GalleryIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="4" width="15" height="12" rx="2" />
    <path d="m8.5 8 4 2-4 2V8Z" fill="currentColor" stroke="none" />
  </Icon>
);

export const GenerateIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 2.5 11.6 7a2 2 0 0 0 1.3 1.3l4.6 1.7-4.6 1.6a2 2 0 0 0-1.3 1.3L10 17.5l-1.6-4.6A2 2 0 0 0 7 11.6L2.5 10 7 8.3A2 2 0 0 0 8.4 7L10 2.5Z" />
  </Icon>
);

export const CreditsIcon = (props: IconProps) => (
  <Icon {...props}>
    <ellipse cx="10" cy="6" rx="6" ry="2.5" />
    <path d="M4 6v4c0 1.4 2.7 2.5 6 2.5s6-1.1 6-2.5V6M4 10v4c0 1.4 2.7 2.5 6 2.5s6-1.1 6-2.5v-4" />
  </Icon>
);

export const HistoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 10a6.5 6.5 0 1 0 1.9-4.6M3.5 3.5v2.4h2.4" />
    <path d="M10 6.5V10l2.5 1.5" />
  </Icon>
);

export const BellIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 13.5V9a5 5 0 0 1 10 0v4.5l1.5 1.5h-13L5 13.5Z" />
    <path d="M8.2 17a2 2 0 0 0 3.6 0" />
  </Icon>
);

export const SubscriptionIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m3 7 3.5 3L10 4l3.5 6L17 7l-1.5 8.5h-11L3 7Z" />
  </Icon>
);

export const SettingsIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="10" cy="10" r="2.5" />
    <path d="M10 2.5v2M10 15.5v2M17.5 10h-2M4.5 10h-2M15.3 4.7l-1.4 1.4M6.1 13.9l-1.4 1.4M15.3 15.3l-1.4-1.4M6.1 6.1 4.7 4.7" />
  </Icon>
);

export const UsersIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="7.5" cy="7" r="2.8" />
    <path d="M2.5 16.5c.4-2.8 2.5-4.5 5-4.5s4.6 1.7 5 4.5M13 4.4a2.8 2.8 0 0 1 0 5.2M14.8 12.3c1.5.6 2.5 2 2.7 4.2" />
  </Icon>
);

export const LogsIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="2.5" width="13" height="15" rx="2" />
    <path d="M7 7h6M7 10h6M7 13h3.5" />
  </Icon>
);

export const DeadLettersIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2.5 10.5 5 4h10l2.5 6.5V15a1.5 1.5 0 0 1-1.5 1.5H4A1.5 1.5 0 0 1 2.5 15v-4.5Z" />
    <path d="M2.5 10.5h4l1 2h5l1-2h4M10 6.5v2.5" />
  </Icon>
);

/** A flag: what people reported (Admin → Share reports). */
export const ReportsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 17.5v-14M4.5 3.5h10l-2 3.5 2 3.5h-10" />
  </Icon>
);

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 6h13M3.5 10h13M3.5 14h13" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m5 5 10 10M15 5 5 15" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon width="14" height="14" {...props}>
    <path d="m5.5 8 4.5 4.5L14.5 8" />
  </Icon>
);

export const CheckIcon = (props: IconProps) => (
  <Icon width="14" height="14" {...props}>
    <path d="m4.5 10.5 3.5 3.5 7.5-8" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon width="14" height="14" {...props}>
    <path d="M10 4.5v11M4.5 10h11" />
  </Icon>
);

export const LogoutIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 3.5H5a1.5 1.5 0 0 0-1.5 1.5v10A1.5 1.5 0 0 0 5 16.5h3M12.5 13.5 16 10l-3.5-3.5M16 10H8" />
  </Icon>
);

export const SidebarIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
    <path d="M7.5 3.5v13" />
  </Icon>
);

/** Kadr's mark: a film frame with a play cut-out, in the accent colour. */
export const LogoMark = (props: IconProps) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" {...props}>
    <rect x="1" y="1" width="22" height="22" rx="6.5" fill="var(--color-accent)" />
    <rect x="5" y="6" width="14" height="12" rx="2.5" fill="none" stroke="var(--color-on-accent)" strokeWidth="1.8" />
    <path d="M10.5 9.6v4.8l4-2.4-4-2.4Z" fill="var(--color-on-accent)" />
  </svg>
);
