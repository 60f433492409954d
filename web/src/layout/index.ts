export { AdminMenu } from './AdminMenu';
export { AvatarMenu } from './AvatarMenu';
export { Banners } from './Banners';
export { CreditsBadge, formatCredits, UNKNOWN_CREDITS } from './CreditsBadge';
export { LanguageListbox } from './LanguageListbox';
export { homePath } from './nav-items';
export { Sidebar } from './Sidebar';
export { TierLink } from './TierLink';
export { TopBar } from './TopBar';
