/**
 * The two people of the compose stack's Keycloak realm `kadr` (deploy/compose/keycloak/kadr-realm.json):
 * the demo user and the administrator (KADR_ADMIN_EMAIL, the gateway's ADMIN_EMAIL). The variables
 * are `.env.example`'s; the defaults are its values. The realm has no self-registration, so a journey has
 * no fresh people: both accounts persist across runs of a stack that keeps its volumes.
 */
export interface ComposeAccount {
  email: string;
  password: string;
}

export type ComposeWho = 'demo' | 'admin';

export function composeAccount(who: ComposeWho): ComposeAccount {
  return who === 'demo'
    ? { email: 'demo@kadr.local', password: process.env.KADR_DEMO_PASSWORD ?? 'demo-password' }
    : {
        email: process.env.KADR_ADMIN_EMAIL ?? 'admin@kadr.local',
        password: process.env.KADR_ADMIN_PASSWORD ?? 'admin-password',
      };
}

export const isComposeWho = (who: string): who is ComposeWho => who === 'demo' || who === 'admin';
