import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useMessages } from '../../i18n/use-messages';
import { CreditsIcon, DashboardIcon, GalleryIcon, GenerateIcon, SubscriptionIcon } from '../../layout/icons';
import { useSession } from '../../session/session-store';
import { ButtonLink, PageHeader, Spinner } from '../../ui';
import { homeMessages } from './messages';
import './home.css';

const iconProps = {
  viewBox: '0 0 20 20',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function ShieldIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...iconProps} {...props}>
      <path d="M10 2.5 4 5v4.5c0 3.7 2.5 6.6 6 8 3.5-1.4 6-4.3 6-8V5l-6-2.5Z" />
      <path d="m7.5 10 1.8 1.8 3.4-3.6" />
    </svg>
  );
}

function DocumentIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...iconProps} {...props}>
      <path d="M5.5 2.5h6l3.5 3.5v10.5a1 1 0 0 1-1 1h-8.5a1 1 0 0 1-1-1v-13a1 1 0 0 1 1-1Z" />
      <path d="M11.5 2.5V6H15M7.5 10h5M7.5 13h5" />
    </svg>
  );
}

interface Tile {
  key: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  primary?: boolean;
}

const SIGNED_IN_TILES: Tile[] = [
  { key: 'generate', to: '/generate', icon: GenerateIcon, primary: true },
  { key: 'dashboard', to: '/dashboard', icon: DashboardIcon },
  { key: 'gallery', to: '/gallery', icon: GalleryIcon },
  { key: 'credits', to: '/buy-credits', icon: CreditsIcon },
  { key: 'subscription', to: '/subscription', icon: SubscriptionIcon },
];

const VISITOR_TILES: Tile[] = [
  { key: 'pricing', to: '/#pricing', icon: CreditsIcon },
  { key: 'privacy', to: '/polityka-prywatnosci', icon: ShieldIcon },
  { key: 'terms', to: '/regulamin', icon: DocumentIcon },
];

/** `/public`: the home inside the shell — a hub for a signed-in person, a way in for a visitor. */
export default function HomePage() {
  const { t } = useMessages('home', homeMessages);
  const status = useSession((state) => state.status);
  const name = useSession((state) => state.user?.name);

  if (status === 'unknown') {
    return (
      <div className="page home-page home-page--loading">
        <Spinner />
      </div>
    );
  }

  const signedIn = status === 'authenticated';
  return (
    <div className="page home-page">
      {signedIn ? (
        <PageHeader title={name ? t('welcomeBack', { name }) : t('welcomeBackNoName')} subtitle={t('signedInLead')} />
      ) : (
        <PageHeader
          title={t('welcome')}
          subtitle={t('visitorLead')}
          actions={
            <>
              <ButtonLink to="/login?returnTo=%2Fdashboard" variant="primary">
                {t('signIn')}
              </ButtonLink>
              <ButtonLink to="/" variant="secondary">
                {t('learnMore')}
              </ButtonLink>
            </>
          }
        />
      )}
      <nav aria-label={t('quickLinks')}>
        <ul className="home-tiles" role="list">
          {(signedIn ? SIGNED_IN_TILES : VISITOR_TILES).map(({ key, to, icon: Icon, primary }) => (
            <li key={key}>
              <Link to={to} className={['home-tile', primary && 'home-tile--primary'].filter(Boolean).join(' ')}>
                <span className="home-tile__icon" aria-hidden="true">
                  <Icon width={22} height={22} />
                </span>
                <span className="home-tile__title">{t(`tiles.${key}.title`)}</span>
                <span className="home-tile__text">{t(`tiles.${key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
